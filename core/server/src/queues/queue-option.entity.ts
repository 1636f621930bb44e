import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** Columns are snake_case (MikroORM's default naming); tables come from database/migrations. */

export const QueueOptionSchema = defineEntity({
  name: 'QueueOption',
  tableName: 'queue_options',
  properties: {
    id: p.integer().primary().autoincrement(),
    companyId: p.integer(),
    queueId: p.integer(),
    parentId: p.integer().nullable(),
    title: p.string().length(100),
    message: p.text().default(''),
    option: p.string().length(10),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export type QueueOption = InferEntity<typeof QueueOptionSchema>;
