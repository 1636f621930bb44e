import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** Columns are snake_case (MikroORM's default naming); tables come from database/migrations. */

export const QuickMessageSchema = defineEntity({
  name: 'QuickMessage',
  tableName: 'quick_messages',
  properties: {
    id: p.integer().primary().autoincrement(),
    companyId: p.integer(),
    userId: p.integer().nullable(),
    shortcode: p.string().length(100),
    message: p.text().default(''),
    geral: p.boolean().default(false),
    mediaPath: p.text().nullable(),
    mediaName: p.string().length(255).nullable(),
    /** A plugin's attachment (core_0032): the kind registered on QUICK_MESSAGE_ATTACHMENTS, its record, its label. */
    attachmentKind: p.string().length(100).nullable(),
    attachmentId: p.integer().nullable(),
    attachmentLabel: p.string().length(255).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export type QuickMessage = InferEntity<typeof QuickMessageSchema>;
