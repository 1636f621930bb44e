import { createOutboundHttp, OUTBOUND_HTTP, parseAllowHosts, type OutboundPolicy } from '@atende/sdk-server';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { SettingsService } from '../settings/settings.service.js';

/** The super user's http list (a global setting, GLOBAL_SETTINGS.outboundAllowHosts). */
export const SUPER_USER_HOSTS_KEY = 'outboundAllowHosts';
/**
 * How long a read of the super user's list is kept. A change through this process applies at once
 * (SettingsService.onGlobalChange); other server processes see it within this time.
 */
export const SUPER_USER_HOSTS_TTL_MS = 10_000;

/**
 * The SDK's OUTBOUND_HTTP guard under two allow-lists:
 * - the operator's `OUTBOUND_ALLOW_HOSTS` (environment): plain http and private addresses (a local model
 *   server, the test fakes) — only who runs the platform can open the internal network;
 * - the super user's `outboundAllowHosts` (Settings → Platform): plain http only; the guard still refuses
 *   private, loopback and link-local addresses, by literal or after DNS, for those hosts.
 */
export function superUserHostsPolicy(config: Pick<AppConfig, 'OUTBOUND_ALLOW_HOSTS'>, settings: Pick<SettingsService, 'global' | 'onGlobalChange'>, now = () => Date.now()) {
  const allowHosts = parseAllowHosts(config.OUTBOUND_ALLOW_HOSTS);
  let cached: { policy: OutboundPolicy; at: number } | null = null;
  let pending: Promise<OutboundPolicy> | null = null;
  settings.onGlobalChange((key) => {
    if (key === SUPER_USER_HOSTS_KEY) {
      cached = null;
      pending = null;
    }
  });
  return (): OutboundPolicy | Promise<OutboundPolicy> => {
    if (cached && now() - cached.at < SUPER_USER_HOSTS_TTL_MS) return cached.policy;
    if (pending) return pending;
    const read: Promise<OutboundPolicy> = settings
      .global(SUPER_USER_HOSTS_KEY)
      .then((value) => ({ allowHosts, httpHosts: parseAllowHosts(value) }))
      // The database unreachable: the operator's list alone (stricter, never looser).
      .catch(() => ({ allowHosts }));
    pending = read;
    void read.then((policy) => {
      // A change that arrived during the read dropped `pending`: this read may be stale, keep nothing.
      if (pending === read) {
        cached = { policy, at: now() };
        pending = null;
      }
    });
    return read;
  };
}

export const outboundHttpProvider = {
  provide: OUTBOUND_HTTP,
  inject: [APP_CONFIG, SettingsService],
  useFactory: (config: AppConfig, settings: SettingsService) => createOutboundHttp(superUserHostsPolicy(config, settings)),
};
