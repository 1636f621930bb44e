import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** Columns are snake_case (MikroORM's default naming); tables come from database/migrations. */

/** One row per refresh token issued; a family is one sign-in, rotated on every refresh. */
export const RefreshTokenSchema = defineEntity({
  name: 'RefreshToken',
  tableName: 'refresh_tokens',
  properties: {
    id: p.uuid().primary(),
    userId: p.integer(),
    family: p.uuid(),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
    revokedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type RefreshToken = InferEntity<typeof RefreshTokenSchema>;
