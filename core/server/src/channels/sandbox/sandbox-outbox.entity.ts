import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** Columns are snake_case (MikroORM's default naming); tables come from database/migrations. */

export const SandboxOutboxSchema = defineEntity({
  name: 'SandboxOutbox',
  tableName: 'sandbox_outbox',
  properties: {
    id: p.integer().primary().autoincrement(),
    companyId: p.integer(),
    whatsappId: p.integer(),
    toNumber: p.string().length(60),
    body: p.text().default(''),
    mediaUrl: p.text().nullable(),
    providerMessageId: p.string().length(100),
    editedAt: p.datetime().nullable(),
    deletedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type SandboxOutbox = InferEntity<typeof SandboxOutboxSchema>;
