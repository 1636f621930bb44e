import { PasswordResetSchema } from '../auth/password-reset.entity.js';
import { RefreshTokenSchema } from '../auth/refresh-token.entity.js';
import { SandboxOutboxSchema } from '../channels/sandbox/sandbox-outbox.entity.js';
import { CompanySchema } from '../companies/company.entity.js';
import { WhatsappSchema, WhatsappQueueSchema } from '../connections/whatsapp.entity.js';
import { ContactSchema } from '../contacts/contact.entity.js';
import { MessageSchema } from '../messages/message.entity.js';
import { QuickMessageSchema } from '../messages/quick-message.entity.js';
import { PlanSchema } from '../plans/plan.entity.js';
import { QueueOptionSchema } from '../queues/queue-option.entity.js';
import { QueueSchema, UserQueueSchema } from '../queues/queue.entity.js';
import { SettingSchema, GlobalSettingSchema } from '../settings/setting.entity.js';
import { TagSchema, TicketTagSchema } from '../tickets/tag.entity.js';
import { TicketNoteSchema } from '../tickets/ticket-note.entity.js';
import { TicketSchema } from '../tickets/ticket.entity.js';
import { UserSchema } from '../users/user.entity.js';

/**
 * Every entity of the kernel, each defined beside the feature that owns it (issue 11 item 4). Tables
 * the kernel reaches only with SQL, on purpose (no entity): channel_auth_state (a provider's
 * credentials and signal keys, read and written in bulk), channel_contacts (a connection's phone book,
 * one upsert statement per report), ticket_ratings (written by the rating handler and the resolve),
 * company_changes (audit rows of the Companies port), sandbox_calls (the sandbox's call log) and
 * atende_migrations (the migrator's own).
 */
export const KERNEL_ENTITIES = [
  PasswordResetSchema,
  RefreshTokenSchema,
  SandboxOutboxSchema,
  CompanySchema,
  WhatsappSchema,
  WhatsappQueueSchema,
  ContactSchema,
  MessageSchema,
  QuickMessageSchema,
  PlanSchema,
  QueueOptionSchema,
  QueueSchema,
  UserQueueSchema,
  SettingSchema,
  GlobalSettingSchema,
  TagSchema,
  TicketTagSchema,
  TicketNoteSchema,
  TicketSchema,
  UserSchema,
];
