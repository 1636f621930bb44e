import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { EventEmitterModule } from '@nestjs/event-emitter';
import { ormOptions } from './database/orm.js';
import { PlatformModule, type KernelOptions } from './platform/platform.module.js';
import { KernelPortsModule } from './kernel-ports.module.js';
import { KERNEL_MODULES } from './kernel-modules.js';
import { AuthGuard } from './auth/auth.guard.js';
import { PluginAccessGuard } from './plugins/plugin-access.guard.js';
import { ErrorFilter } from './http/error.filter.js';
import { ResponseSchemaInterceptor } from './http/response-schema.interceptor.js';
import { pluginModule } from './plugins/plugin-module.js';

export type { KernelOptions } from './platform/platform.module.js';

/**
 * The application: the database, in-process events, the platform (global), the kernel's feature
 * modules, the SDK ports (global, for plugins), then the plugins' modules; and the request pipeline
 * (authenticate, then plan flag and permission checks, errors, response schemas).
 */
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
        PlatformModule.forRoot(opts),
        ...KERNEL_MODULES,
        KernelPortsModule,
        // Each with its own REALTIME instance (the plugin's plan flag applied by the kernel).
        ...pluginDefs.map((d) => pluginModule(d)),
      ],
      providers: [
        // Order matters: authenticate first, then plan flag and permission checks.
        { provide: APP_GUARD, useExisting: AuthGuard },
        { provide: APP_GUARD, useClass: PluginAccessGuard },
        { provide: APP_FILTER, useClass: ErrorFilter },
        { provide: APP_INTERCEPTOR, useClass: ResponseSchemaInterceptor },
      ],
    };
  }
}
