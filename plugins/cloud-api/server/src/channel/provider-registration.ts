import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { CHANNEL_REGISTRY, type ChannelRegistry } from '@atende/sdk-server';
import { GraphClientFactory } from '../graph/graph-client.factory.js';
import { NumberStore } from '../numbers/number-store.js';
import { CloudApiProvider } from './cloud-api.provider.js';

/** Adds the `cloud-api` provider to the kernel's channels: connections created with it run through this plugin. */
@Injectable()
export class ProviderRegistration implements OnModuleInit {
  constructor(
    @Inject(CHANNEL_REGISTRY) private readonly registry: ChannelRegistry,
    private readonly store: NumberStore,
    private readonly graph: GraphClientFactory,
  ) {}

  onModuleInit(): void {
    this.registry.register(new CloudApiProvider(this.store, () => this.graph.client()));
  }
}
