import { Module } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { CHANNEL_REGISTRY } from '@atende/sdk-server';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { SECRETS, type Secrets } from '../config/secrets.js';
import { ChannelRegistryService } from './channel-registry.js';
import { WaVersionSource, parseWaVersion } from './baileys/wa-version.js';
import { channelLogger } from './baileys/logger.js';
import { SandboxProvider } from './sandbox/sandbox.provider.js';
import { BaileysProvider, PgAuthStore, encryptedStore, type Execute } from './baileys/index.js';

/** The channel providers: the built-in ones (Baileys, the sandbox when enabled); plugins add theirs through CHANNEL_REGISTRY. */
@Module({
  providers: [
    {
      provide: ChannelRegistryService,
      inject: [MikroORM, APP_CONFIG, SECRETS],
      useFactory: (orm: MikroORM, config: AppConfig, secrets: Secrets) => {
        const registry = new ChannelRegistryService();
        if (config.sandboxEnabled) registry.register(new SandboxProvider(orm));
        const key = Buffer.from(secrets.channelKey, 'base64');
        const execute: Execute = (sql, params) => orm.em.fork().getConnection().execute(sql, params);
        // Each connection gets its own encrypted store, so one logout never clears another's keys.
        // The WhatsApp Web version: fetched in the background (never delaying boot), else WA_WEB_VERSION, else Baileys' own.
        const channelLog = channelLogger(config.LOG_LEVEL);
        const versions = new WaVersionSource(parseWaVersion(config.WA_WEB_VERSION) ?? undefined);
        if (config.WA_VERSION_CHECK === 'true') void versions.refresh();
        registry.register(
          new BaileysProvider({
            authStore: (c) =>
              encryptedStore(new PgAuthStore(execute, c.id), key, `whatsapp:${c.id}`, (name, err) =>
                channelLog.warn({ connection: c.id, company: c.companyId, key: name, err: err.message }, 'unreadable signal key dropped'),
              ),
            version: () => versions.current(),
            logger: channelLog,
          }),
        );
        return registry;
      },
    },
    { provide: CHANNEL_REGISTRY, useExisting: ChannelRegistryService },
  ],
  exports: [ChannelRegistryService, CHANNEL_REGISTRY],
})
export class ChannelsModule {}
