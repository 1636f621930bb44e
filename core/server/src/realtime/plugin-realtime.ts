import type { SocketPayload } from '@atende/core-contract';
import type { PluginDefinition, RealtimeAudience, RealtimePublisher } from '@atende/sdk-server';
import type { RealtimeGateway } from './realtime.gateway.js';

/**
 * The REALTIME port as one plugin sees it (provided inside the plugin's module, plugin-module.ts): the
 * plugin's plan flag is applied by the kernel to every emit, so a company whose plan lacks it hears
 * nothing of the plugin, whatever the plugin's code forgets.
 */
export class PluginRealtime implements RealtimePublisher {
  constructor(
    private readonly gateway: RealtimeGateway,
    private readonly plugin: Pick<PluginDefinition, 'id' | 'planFlag'>,
  ) {}

  toCompany<K extends string>(companyId: number, event: K, payload: SocketPayload<K>, audience?: RealtimeAudience): void {
    this.gateway.emitToCompany(companyId, event, payload, audience, this.plugin.planFlag);
  }

  toUser<K extends string>(userId: number, event: K, payload: SocketPayload<K>): void {
    this.gateway.emitToUser(userId, event, payload, this.plugin.planFlag);
  }

  toPlatform<K extends string>(event: K, payload: SocketPayload<K>): void {
    // Every company hears a platform event: a flagged plugin's would reach plans without its flag.
    if (this.plugin.planFlag) throw new Error(`Plugin "${this.plugin.id}" has a plan flag: it cannot send to the whole platform (use toCompany).`);
    this.gateway.toPlatform(event, payload);
  }

  /** Super users administer every company: no plan flag narrows what they hear. */
  toSuperUsers<K extends string>(event: K, payload: SocketPayload<K>): void {
    this.gateway.toSuperUsers(event, payload);
  }
}
