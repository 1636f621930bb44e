import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** Tenant-owned: every row carries companyId and every query filters by it. */
export const AiItemSchema = defineEntity({
  name: 'AiItem',
  tableName: 'ai_items',
  properties: {
    id: p.integer().primary().autoincrement(),
    companyId: p.integer().index(),
    title: p.string().length(120),
    /** The domain event that made this item (null for one made through the API): a redelivery adds nothing. */
    sourceEvent: p.string().length(36).nullable().unique(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type AiItem = InferEntity<typeof AiItemSchema>;
