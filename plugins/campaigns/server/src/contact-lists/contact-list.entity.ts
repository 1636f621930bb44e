import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** Tenant-owned: every row carries companyId and every query filters by it. */
export const ContactListSchema = defineEntity({
  name: 'ContactList',
  tableName: 'contact_lists',
  properties: {
    id: p.integer().primary().autoincrement(),
    companyId: p.integer(),
    name: p.string().length(255),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export type ContactListRow = InferEntity<typeof ContactListSchema>;

/**
 * One contact of a list. companyId is repeated (and tied to the list's by a composite foreign key), so
 * every query is by company alone and an item can never sit in another company's list.
 */
export const ContactListItemSchema = defineEntity({
  name: 'ContactListItem',
  tableName: 'contact_list_items',
  properties: {
    id: p.integer().primary().autoincrement(),
    companyId: p.integer(),
    contactListId: p.integer(),
    name: p.string().length(100),
    /** Digits only; unique within its list. */
    number: p.string().length(15),
    email: p.string().length(254).default(''),
    /** Null until the company's connection answered whether the number is on WhatsApp. */
    isWhatsappValid: p.boolean().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export type ContactListItemRow = InferEntity<typeof ContactListItemSchema>;
