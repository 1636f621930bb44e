import type { Type } from '@nestjs/common';
import { AuthController } from './auth/auth.controller.js';
import { PasswordResetController } from './auth/password-reset.controller.js';
import { CompaniesController } from './companies/companies.controller.js';
import { PlansController } from './plans/plans.controller.js';
import { QueuesController } from './queues/queues.controller.js';
import { SettingsController } from './settings/settings.controller.js';
import { UsersController } from './users/users.controller.js';
import { SandboxController } from './channels/sandbox/sandbox.controller.js';
import { ConnectionsController, SessionsController } from './connections/connections.controller.js';
import { TicketsController } from './tickets/tickets.controller.js';
import { MessagesController } from './messages/messages.controller.js';
import { MediaController } from './media/media.controller.js';
import { ContactsController } from './contacts/contacts.controller.js';
import { QueueOptionsController } from './queues/queue-options.controller.js';
import { TagsController } from './tickets/tags.controller.js';
import { TicketNotesController } from './tickets/ticket-notes.controller.js';
import { QuickMessagesController } from './messages/quick-messages.controller.js';
import { HealthController } from './health/health.controller.js';
import { PluginsController } from './plugins/plugins.controller.js';

/**
 * Every controller of the kernel. The plugin-access guard lets a route through only if its controller
 * is one of these or belongs to a known plugin: anything it cannot classify is refused (fail closed).
 */
export const KERNEL_CONTROLLERS: Type<unknown>[] = [
  AuthController,
  PasswordResetController,
  HealthController,
  PluginsController,
  PlansController,
  CompaniesController,
  UsersController,
  SettingsController,
  QueuesController,
  ConnectionsController,
  SessionsController,
  SandboxController,
  TicketsController,
  MessagesController,
  MediaController,
  ContactsController,
  QueueOptionsController,
  TagsController,
  TicketNotesController,
  QuickMessagesController,
];
