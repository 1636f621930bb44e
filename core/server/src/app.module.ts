import { Global, Module, type DynamicModule, type Provider } from '@nestjs/common';
import { KERNEL_CONTROLLERS } from './kernel-controllers.js';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import type { Redis } from 'ioredis';
import { CHANNEL_REGISTRY, COMPANIES, CONNECTIONS, CONTACTS, DOMAIN_EVENTS, JOB_QUEUES, MEDIA, MESSAGES, REALTIME, SETTINGS, TENANCY, TICKETS } from '@atende/sdk-server';
import { ConnectionsPortService, ContactsPortService } from './contacts/contacts-port.service.js';
import { CompaniesPortService } from './companies/companies-port.service.js';
import { TicketsPortService } from './tickets/tickets-port.service.js';
import { MessagesPortService } from './messages/messages-port.service.js';
import { TenancyService } from './tenancy/tenancy.service.js';
import { EventEmitterModule } from '@nestjs/event-emitter';
import { DomainEventsService } from './events/domain-events.service.js';
import { MikroORM } from '@mikro-orm/postgresql';
import { APP_CONFIG, type AppConfig } from './config/config.js';
import { SECRETS, type Secrets } from './config/secrets.js';
import { ormOptions } from './database/orm.js';
import { AuthGuard } from './auth/auth.guard.js';
import { AuthService } from './auth/auth.service.js';
import { PasswordResetService } from './auth/password-reset.service.js';
import { RateLimiter } from './auth/rate-limiter.js';
import { SessionsService } from './auth/sessions.service.js';
import { CompaniesService } from './companies/companies.service.js';
import { CompanyDeactivation } from './companies/company-deactivation.js';
import { Mailer } from './mail/mailer.js';
import { PlanLimitsService } from './platform/plan-limits.service.js';
import { PlansService } from './plans/plans.service.js';
import { QueuesService } from './queues/queues.service.js';
import { SettingsService } from './settings/settings.service.js';
import { UsersService } from './users/users.service.js';
import { ChannelRegistryService } from './channels/channel-registry.js';
import { WaVersionSource, parseWaVersion } from './channels/baileys/wa-version.js';
import { channelLogger } from './channels/baileys/logger.js';
import { SandboxProvider } from './channels/sandbox/sandbox.provider.js';
import { BaileysProvider, PgAuthStore, encryptedStore, type Execute } from './channels/baileys/index.js';
import { ConnectionsService } from './connections/connections.service.js';
import { SessionManager } from './connections/session-manager.js';
import { OutboundService } from './messages/outbound.service.js';
import { InboundService } from './tickets/inbound.service.js';
import { InboundChainService } from './inbound/inbound-chain.service.js';
import { MediaPortService } from './media/media-port.service.js';
import { RatingHandler } from './inbound/handlers/rating.handler.js';
import { OutOfHoursHandler } from './inbound/handlers/out-of-hours.handler.js';
import { OptionsTreeHandler } from './inbound/handlers/options-tree.handler.js';
import { QueueBotHandler } from './inbound/handlers/queue-bot.handler.js';
import { TicketsService } from './tickets/tickets.service.js';
import { MediaStore } from './media/media-store.js';
import { TicketAutomationService } from './tickets/ticket-automation.service.js';
import { TicketLifecycle } from './tickets/ticket-lifecycle.js';
import { TicketTimersService } from './tickets/ticket-timers.service.js';
import { RefreshCookie } from './auth/refresh-cookie.js';
import { TokensService } from './auth/tokens.service.js';
import { ErrorFilter } from './http/error.filter.js';
import { ResponseSchemaInterceptor } from './http/response-schema.interceptor.js';
import { JobQueuesService } from './jobs/job-queues.service.js';
import { REDIS } from './jobs/redis.js';
import { CompanyPlanService } from './platform/company-plan.service.js';
import { PluginAccessGuard } from './plugins/plugin-access.guard.js';
import type { LoadedPlugin } from './plugins/plugin-loader.js';
import { PluginRegistry } from './plugins/plugin-registry.js';
import { RealtimeGateway } from './realtime/realtime.gateway.js';

export interface KernelOptions {
  config: AppConfig;
  secrets: Secrets;
  plugins: LoadedPlugin[];
  redis: Redis;
}

/** Kernel services, global so every plugin module can inject them by the SDK's tokens. */
@Global()
@Module({})
class KernelModule {
  static forRoot(opts: KernelOptions): DynamicModule {
    const providers: Provider[] = [
      { provide: APP_CONFIG, useValue: opts.config },
      { provide: SECRETS, useValue: opts.secrets },
      { provide: REDIS, useValue: opts.redis },
      { provide: PluginRegistry, useValue: new PluginRegistry(opts.plugins) },
      TokensService,
      AuthGuard,
      CompanyPlanService,
      JobQueuesService,
      RealtimeGateway,
      { provide: REALTIME, useExisting: RealtimeGateway },
      { provide: JOB_QUEUES, useExisting: JobQueuesService },
      DomainEventsService,
      { provide: DOMAIN_EVENTS, useExisting: DomainEventsService },
      TenancyService,
      { provide: TENANCY, useExisting: TenancyService },
      SettingsService,
      { provide: SETTINGS, useExisting: SettingsService },
      MediaStore,
      MediaPortService,
      { provide: MEDIA, useExisting: MediaPortService },
      OutboundService,
      MessagesPortService,
      { provide: MESSAGES, useExisting: MessagesPortService },
      TicketAutomationService,
      // The inbound handler chain and the kernel's own handlers on it (issue 11 item 2).
      InboundChainService,
      RatingHandler,
      OutOfHoursHandler,
      OptionsTreeHandler,
      QueueBotHandler,
      TicketLifecycle,
      TicketsPortService,
      { provide: TICKETS, useExisting: TicketsPortService },
      ContactsPortService,
      { provide: CONTACTS, useExisting: ContactsPortService },
      ConnectionsPortService,
      { provide: CONNECTIONS, useExisting: ConnectionsPortService },
      CompaniesPortService,
      { provide: COMPANIES, useExisting: CompaniesPortService },
      {
        // Built-in channel providers; plugins add theirs through CHANNEL_REGISTRY.
        provide: ChannelRegistryService,
        inject: [MikroORM],
        useFactory: (orm: MikroORM) => {
          const registry = new ChannelRegistryService();
          if (opts.config.sandboxEnabled) registry.register(new SandboxProvider(orm));
          const key = Buffer.from(opts.secrets.channelKey, 'base64');
          const execute: Execute = (sql, params) => orm.em.fork().getConnection().execute(sql, params);
          // Each connection gets its own encrypted store, so one logout never clears another's keys.
          // The WhatsApp Web version: fetched in the background (never delaying boot), else WA_WEB_VERSION, else Baileys' own.
          const channelLog = channelLogger(opts.config.LOG_LEVEL);
          const versions = new WaVersionSource(parseWaVersion(opts.config.WA_WEB_VERSION) ?? undefined);
          if (opts.config.WA_VERSION_CHECK === 'true') void versions.refresh();
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
    ];
    return { module: KernelModule, providers, exports: providers };
  }
}

@Module({})
export class AppModule {
  static forRoot(opts: KernelOptions): DynamicModule {
    const pluginDefs = opts.plugins.map((p) => p.definition);
    return {
      module: AppModule,
      imports: [
        MikroOrmModule.forRoot(
          ormOptions(
            opts.config.DATABASE_URL,
            pluginDefs.flatMap((d) => d.entities ?? []),
            pluginDefs.flatMap((d) => d.migrations ?? []),
          ),
        ),
        // In-process domain events (wildcards off: subscribers name the events they want).
        EventEmitterModule.forRoot(),
        KernelModule.forRoot(opts),
        ...pluginDefs.map((d) => d.module),
      ],
      controllers: KERNEL_CONTROLLERS,
      providers: [
        AuthService,
        RefreshCookie,
        SessionsService,
        RateLimiter,
        Mailer,
        CompanyDeactivation,
        PasswordResetService,
        PlanLimitsService,
        PlansService,
        CompaniesService,
        UsersService,
        QueuesService,
        ConnectionsService,
        SessionManager,
        InboundService,
        TicketsService,
        TicketTimersService,
        // Order matters: authenticate first, then plan flag and permission checks.
        { provide: APP_GUARD, useExisting: AuthGuard },
        { provide: APP_GUARD, useClass: PluginAccessGuard },
        { provide: APP_FILTER, useClass: ErrorFilter },
        { provide: APP_INTERCEPTOR, useClass: ResponseSchemaInterceptor },
      ],
    };
  }
}
