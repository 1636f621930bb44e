import { z } from 'zod';
import { partialUpdate } from './partial-update.js';

/** Contacts (core-operations §3, §5, §7). */

export const extraInfoSchema = z.object({ name: z.string().trim().min(1).max(100), value: z.string().max(1000) });

export const contactSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  name: z.string(),
  number: z.string(),
  email: z.string(),
  profilePicUrl: z.string(),
  isGroup: z.boolean(),
  whatsappId: z.number().int().nullable(),
  extraInfo: z.array(extraInfoSchema),
  createdAt: z.string(),
});
export type ContactDto = z.infer<typeof contactSchema>;

export const contactInputSchema = z.object({
  name: z.string().trim().min(2, 'too_short').max(50, 'too_long'),
  number: z
    .string()
    .transform((s) => s.replace(/\D/g, ''))
    .pipe(z.string().min(8, 'too_short').max(50, 'too_long')),
  email: z.union([z.literal(''), z.string().trim().toLowerCase().email('invalid_email').max(254)]).default(''),
  extraInfo: z.array(extraInfoSchema).max(50).default([]),
});
export const contactUpdateSchema = partialUpdate(contactInputSchema);
export const contactPageSchema = z.object({ contacts: z.array(contactSchema), hasMore: z.boolean() });
/** POST /contacts/upload (.xlsx): what was created and, per refused row, why. */
export const contactImportResultSchema = z.object({
  newContacts: z.array(z.object({ contactId: z.number().int(), contactName: z.string() })),
  errorBag: z.array(z.object({ contactName: z.string(), error: z.object({ message: z.string() }) })),
});
export const CONTACT_IMPORT_LIMITS = { bytes: 5 * 1024 * 1024, rows: 10_000 } as const;
/** POST /contacts/import: the phone book of a connection (default: the company's default one) becomes contacts. */
export const contactPhoneImportSchema = z.object({ whatsappId: z.number().int().positive().optional() }).default({});
export const contactPhoneImportResultSchema = z.object({ imported: z.number().int() });
