import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** Columns are snake_case (MikroORM's default naming); tables come from database/migrations. */

export const ContactSchema = defineEntity({
  name: 'Contact',
  tableName: 'contacts',
  properties: {
    id: p.integer().primary().autoincrement(),
    companyId: p.integer(),
    uuid: p.uuid().onCreate(() => crypto.randomUUID()),
    name: p.string().length(100),
    number: p.string().length(60),
    email: p.string().length(254).default(''),
    profilePicUrl: p.text().default(''),
    isGroup: p.boolean().default(false),
    whatsappId: p.integer().nullable(),
    extraInfo: p.json<{ id?: number; name: string; value: string }[]>().onCreate(() => []),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export type Contact = InferEntity<typeof ContactSchema>;
