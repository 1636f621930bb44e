import { Inject, Injectable } from '@nestjs/common';
import { OUTBOUND_HTTP, PLUGIN_CONTEXT, type OutboundHttp, type PluginContext } from '@atende/sdk-server';
import type { GuardedFetch } from '@atende/plugin-integrations-contract';
import { companySigningKey } from './crypto.js';
import { CREDENTIALS_KEY, REMOTE_TIMEOUT_MS, WEBHOOK_SECRET } from './settings.js';

/** Largest answer a remote may give (a bot's texts, an order list). */
const MAX_ANSWER_BYTES = 1024 * 1024;

/** What a type's runtime gets to reach the outside: only through the SDK's outbound guard. */
@Injectable()
export class RemoteCalls {
  constructor(
    @Inject(OUTBOUND_HTTP) private readonly outbound: OutboundHttp,
    @Inject(PLUGIN_CONTEXT) private readonly plugin: PluginContext,
  ) {}

  tools(companyId: number): { fetch: GuardedFetch; signingSecret: () => Promise<string>; setting: (key: string) => Promise<string> } {
    const fetch: GuardedFetch = async (url, init) => {
      const timeoutMs = init?.timeoutMs ?? Number(await this.plugin.settings.global(REMOTE_TIMEOUT_MS));
      return this.outbound.fetch(url, { ...init, timeoutMs, maxBytes: init?.maxBytes ?? MAX_ANSWER_BYTES });
    };
    return {
      fetch,
      signingSecret: async () => (await this.plugin.settings.company(companyId, WEBHOOK_SECRET)) || companySigningKey(await this.plugin.settings.globalSecret(CREDENTIALS_KEY), companyId),
      setting: (key) => this.plugin.settings.global(key),
    };
  }

  credentialsKey(): Promise<string> {
    return this.plugin.settings.globalSecret(CREDENTIALS_KEY);
  }
}
