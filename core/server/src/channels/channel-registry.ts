import { Injectable } from '@nestjs/common';
import type { ChannelProvider, ChannelRegistry } from '@atende/sdk-server';

/** Providers by id ('sandbox', 'baileys', or a plugin's); connections name theirs in `provider`. */
@Injectable()
export class ChannelRegistryService implements ChannelRegistry {
  private readonly providers = new Map<string, ChannelProvider>();

  register(provider: ChannelProvider): void {
    if (this.providers.has(provider.id)) throw new Error(`Channel provider "${provider.id}" is registered twice.`);
    this.providers.set(provider.id, provider);
  }

  get(id: string): ChannelProvider | undefined {
    return this.providers.get(id);
  }

  ids(): string[] {
    return [...this.providers.keys()];
  }
}
