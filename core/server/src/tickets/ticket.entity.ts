import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** Columns are snake_case (MikroORM's default naming); tables come from database/migrations. */

export const TICKET_STATUSES = ['pending', 'open', 'closed'] as const;

export const TicketSchema = defineEntity({
  name: 'Ticket',
  tableName: 'tickets',
  properties: {
    id: p.integer().primary().autoincrement(),
    uuid: p.uuid().onCreate(() => crypto.randomUUID()),
    companyId: p.integer(),
    contactId: p.integer(),
    whatsappId: p.integer(),
    queueId: p.integer().nullable(),
    userId: p.integer().nullable(),
    status: p.enum(TICKET_STATUSES).default('pending'),
    unreadMessages: p.integer().default(0),
    lastMessage: p.text().default(''),
    isGroup: p.boolean().default(false),
    /** The inbound chain handler holding the ticket (`<plugin id>.<name>`), its state, and until when (null: no end). */
    holder: p.string().length(120).nullable(),
    holderState: p.json<object>().nullable(),
    heldUntil: p.datetime().nullable(),
    /** The automation marker (core_0029): on, and the plugin record answering (see ticket-marker.ts). */
    useIntegration: p.boolean().default(false),
    automationPlugin: p.string().length(60).nullable(),
    automationRef: p.integer().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export type Ticket = InferEntity<typeof TicketSchema>;
