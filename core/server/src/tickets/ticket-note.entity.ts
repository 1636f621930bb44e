import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** Columns are snake_case (MikroORM's default naming); tables come from database/migrations. */

export const TicketNoteSchema = defineEntity({
  name: 'TicketNote',
  tableName: 'ticket_notes',
  properties: {
    id: p.integer().primary().autoincrement(),
    companyId: p.integer(),
    ticketId: p.integer(),
    contactId: p.integer(),
    userId: p.integer().nullable(),
    note: p.text(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export type TicketNote = InferEntity<typeof TicketNoteSchema>;
