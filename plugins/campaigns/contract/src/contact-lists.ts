import { z } from 'zod';
import { partialUpdate } from '@atende/core-contract';
import { CONTACT_ITEM_NAME_MAX, CONTACT_ITEM_NUMBER_MAX, CONTACT_ITEM_NUMBER_MIN, CONTACT_LIST_NAME_MAX } from './limits.js';

// Contact lists and their items (automation-productivity §3, §5, §7). Apart from index.ts (as in the
// helps contract): the web remote uses these as types only, so it does not bundle zod.

const id = z.number().int().positive().max(2_147_483_647);

export const contactListSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Items in the list. */
  contactsCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ContactList = z.infer<typeof contactListSchema>;

export const contactListNameSchema = z.object({ id: z.number().int(), name: z.string(), contactsCount: z.number().int() });
export type ContactListName = z.infer<typeof contactListNameSchema>;

const listName = z.string('required').trim().min(1, 'required').max(CONTACT_LIST_NAME_MAX, 'too_long');

export const contactListInputSchema = z.object({ name: listName });
export type ContactListInput = z.infer<typeof contactListInputSchema>;
export const contactListUpdateSchema = partialUpdate(contactListInputSchema);
export type ContactListUpdate = z.infer<typeof contactListUpdateSchema>;

export const contactListQuerySchema = z.object({
  searchParam: z.string().trim().max(100).default(''),
  pageNumber: z.coerce.number().int().min(1).max(10000).default(1),
});
export const contactListPageSchema = z.object({ records: z.array(contactListSchema), count: z.number().int(), hasMore: z.boolean() });
export type ContactListPage = z.infer<typeof contactListPageSchema>;

export const contactListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  number: z.string(),
  email: z.string(),
  /** Whether the number is on WhatsApp, as the company's connection answered; null until it was checked. */
  isWhatsappValid: z.boolean().nullable(),
  companyId: z.number().int(),
  contactListId: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ContactListItem = z.infer<typeof contactListItemSchema>;

/** A name, a number (kept as digits only: "+51 987-654-321" is 51987654321) and an optional e-mail. */
export const contactItemFields = {
  name: z.string('required').trim().min(1, 'required').max(CONTACT_ITEM_NAME_MAX, 'too_long'),
  number: z
    .string('required')
    .transform((s) => s.replace(/\D/g, ''))
    .pipe(z.string().min(1, 'required').min(CONTACT_ITEM_NUMBER_MIN, 'too_short').max(CONTACT_ITEM_NUMBER_MAX, 'too_long')),
  email: z
    .union([z.literal(''), z.string().trim().toLowerCase().email('invalid_email').max(254, 'too_long')])
    .nullable()
    .transform((v) => v ?? '')
    .default(''),
};
/** One row of a spreadsheet, checked like the item form. */
export const contactItemRowSchema = z.object(contactItemFields);

export const contactListItemInputSchema = z.object({ ...contactItemFields, contactListId: id });
export type ContactListItemInput = z.input<typeof contactListItemInputSchema>;
/** PUT: partial; `contactListId` moves the item to another list of the company. */
export const contactListItemUpdateSchema = partialUpdate(contactListItemInputSchema);
export type ContactListItemUpdate = z.infer<typeof contactListItemUpdateSchema>;

export const contactListItemQuerySchema = z.object({
  contactListId: z.coerce.number('required').int().positive().max(2_147_483_647),
  searchParam: z.string().trim().max(100).default(''),
  pageNumber: z.coerce.number().int().min(1).max(10000).default(1),
});
export const contactListItemPageSchema = z.object({ contacts: z.array(contactListItemSchema), count: z.number().int(), hasMore: z.boolean() });
export type ContactListItemPage = z.infer<typeof contactListItemPageSchema>;

/** A refused row of an upload: its row number in the sheet (1 is the header), what it held and why. */
export const contactImportErrorSchema = z.object({
  row: z.number().int(),
  name: z.string(),
  number: z.string(),
  /** Field errors (`name`/`number`/`email` with too_short, invalid_email…) or `number` `duplicated` (twice in the sheet or already in the list). */
  errors: z.array(z.object({ path: z.string(), message: z.string() })),
});
export type ContactImportError = z.infer<typeof contactImportErrorSchema>;

/** `POST /contact-lists/{id}/upload`: rows read, items created and the refused rows. */
export const contactImportResultSchema = z.object({
  total: z.number().int(),
  created: z.number().int(),
  errors: z.array(contactImportErrorSchema),
});
export type ContactImportResult = z.infer<typeof contactImportResultSchema>;
