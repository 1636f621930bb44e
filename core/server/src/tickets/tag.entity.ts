import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** Columns are snake_case (MikroORM's default naming); tables come from database/migrations. */

export const TagSchema = defineEntity({
  name: 'Tag',
  tableName: 'tags',
  properties: {
    id: p.integer().primary().autoincrement(),
    companyId: p.integer(),
    name: p.string().length(60),
    color: p.string().length(9).default('#A4CCCC'),
    kanban: p.integer().default(0),
    userId: p.integer().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export type Tag = InferEntity<typeof TagSchema>;

export const TicketTagSchema = defineEntity({
  name: 'TicketTag',
  tableName: 'ticket_tags',
  properties: { ticketId: p.integer().primary(), tagId: p.integer().primary() },
});
