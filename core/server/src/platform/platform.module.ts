import { Global, Module, type DynamicModule, type Provider } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { JOB_QUEUES, REALTIME, TENANCY } from '@atende/sdk-server';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { SECRETS, type Secrets } from '../config/secrets.js';
import { REDIS } from '../jobs/redis.js';
import { JobQueuesService } from '../jobs/job-queues.service.js';
import type { LoadedPlugin } from '../plugins/plugin-loader.js';
import { PluginRegistry } from '../plugins/plugin-registry.js';
import { TokensService } from '../auth/tokens.service.js';
import { AuthGuard } from '../auth/auth.guard.js';
import { SessionCache } from '../auth/session-cache.js';
import { ChangeFeed } from '../database/change-feed.js';
import { RateLimiter } from '../auth/rate-limiter.js';
import { CompanyPlanService } from './company-plan.service.js';
import { PlanLimitsService } from './plan-limits.service.js';
import { Mailer } from '../mail/mailer.js';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';
import { DomainEventsService } from '../events/domain-events.service.js';
import { TenancyService } from '../tenancy/tenancy.service.js';

export interface KernelOptions {
  config: AppConfig;
  secrets: Secrets;
  plugins: LoadedPlugin[];
  redis: Redis;
}

/**
 * What every feature of the kernel and every plugin stands on (issue 11 item 4): configuration and
 * secrets, Redis and the job queues, the plugin registry, tokens and the auth guard, plan flags and
 * limits, rate limits, mail, the realtime gateway, domain events and tenancy. Global, so feature
 * modules import only one another; the SDK tokens here (REALTIME, JOB_QUEUES,
 * TENANCY; domain events reach plugins through PLUGIN_CONTEXT) are what plugins inject.
 */
@Global()
@Module({})
export class PlatformModule {
  static forRoot(opts: KernelOptions): DynamicModule {
    const providers: Provider[] = [
      { provide: APP_CONFIG, useValue: opts.config },
      { provide: SECRETS, useValue: opts.secrets },
      { provide: REDIS, useValue: opts.redis },
      { provide: PluginRegistry, useValue: new PluginRegistry(opts.plugins) },
      TokensService,
      ChangeFeed,
      SessionCache,
      AuthGuard,
      RateLimiter,
      CompanyPlanService,
      PlanLimitsService,
      Mailer,
      JobQueuesService,
      { provide: JOB_QUEUES, useExisting: JobQueuesService },
      RealtimeGateway,
      { provide: REALTIME, useExisting: RealtimeGateway },
      DomainEventsService,
      TenancyService,
      { provide: TENANCY, useExisting: TenancyService },
    ];
    return { module: PlatformModule, providers, exports: providers };
  }
}
