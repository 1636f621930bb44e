import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** Columns are snake_case (MikroORM's default naming); tables come from database/migrations. */

export const PasswordResetSchema = defineEntity({
  name: 'PasswordReset',
  tableName: 'password_resets',
  properties: {
    id: p.integer().primary().autoincrement(),
    userId: p.integer(),
    codeHash: p.string().length(128),
    expiresAt: p.datetime(),
    attempts: p.integer().default(0),
    usedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type PasswordReset = InferEntity<typeof PasswordResetSchema>;
