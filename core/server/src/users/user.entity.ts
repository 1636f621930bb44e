import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { PROFILES, LANGUAGES, ALL_TICKET } from '@atende/core-contract';

/** Columns are snake_case (MikroORM's default naming); tables come from database/migrations. */

export const UserSchema = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: {
    id: p.integer().primary().autoincrement(),
    companyId: p.integer().index(),
    name: p.string().length(100),
    email: p.string().length(254).unique(),
    passwordHash: p.string().length(255).hidden().lazy(),
    profile: p.enum(PROFILES).default('user'),
    super: p.boolean().default(false),
    language: p.enum(LANGUAGES).nullable(),
    /** Bumped to revoke every token the user holds (password change, disable, delete). */
    tokenVersion: p.integer().default(0),
    allTicket: p.enum(ALL_TICKET).default('desabled'),
    whatsappId: p.integer().nullable(),
    enabled: p.boolean().default(true),
    online: p.boolean().default(false),
    lastSeenAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export type User = InferEntity<typeof UserSchema>;
