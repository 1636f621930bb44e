import type { Type } from '@nestjs/common';
import { AuthModule } from './auth/auth.module.js';
import { HealthModule } from './health/health.module.js';
import { MetricsModule } from './metrics/metrics.module.js';
import { PluginsModule } from './plugins/plugins.module.js';
import { PlansModule } from './plans/plans.module.js';
import { CompaniesModule } from './companies/companies.module.js';
import { UsersModule } from './users/users.module.js';
import { SettingsModule } from './settings/settings.module.js';
import { QueuesModule } from './queues/queues.module.js';
import { ConnectionsModule } from './connections/connections.module.js';
import { TicketsModule } from './tickets/tickets.module.js';
import { MessagesModule } from './messages/messages.module.js';
import { MediaModule } from './media/media.module.js';
import { ContactsModule } from './contacts/contacts.module.js';
import { InboundModule } from './inbound/inbound.module.js';
import { OutboundModule } from './messages/outbound.module.js';
import { ExternalApiModule } from './external-api/external-api.module.js';
import { ApiDocsModule } from './api-docs/api-docs.module.js';

/** The kernel's feature modules (issue 11 item 4): each owns its services and controllers. */
export const KERNEL_MODULES: Type<unknown>[] = [
  AuthModule,
  HealthModule,
  MetricsModule,
  PluginsModule,
  PlansModule,
  CompaniesModule,
  UsersModule,
  SettingsModule,
  QueuesModule,
  ConnectionsModule,
  TicketsModule,
  InboundModule,
  OutboundModule,
  // Before MessagesModule: POST /messages/send must be routed before POST /messages/:ticketId.
  ExternalApiModule,
  MessagesModule,
  MediaModule,
  ContactsModule,
  ApiDocsModule,
];

/**
 * Every controller of the kernel, read off its feature modules. The plugin-access guard lets a route
 * through only if its controller is one of these or belongs to a known plugin: anything it cannot
 * classify is refused (fail closed).
 */
export const KERNEL_CONTROLLERS: Type<unknown>[] = KERNEL_MODULES.flatMap((m) => (Reflect.getMetadata('controllers', m) as Type<unknown>[] | undefined) ?? []);
