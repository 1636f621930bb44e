import { z } from 'zod';
import { partialUpdate } from './partial-update.js';

/** Quick messages (core-operations §3, §5, §7). */

/** The kind of a plugin's quick-message attachment: `<plugin id>.<name>` (`files.fileList`), its contribution's key. */
export const QUICK_ATTACHMENT_KIND_PATTERN = /^[a-z][a-z0-9-]*\.[A-Za-z0-9-]{1,60}$/;

export const quickMessageSchema = z.object({
  id: z.number().int(),
  shortcode: z.string(),
  message: z.string(),
  geral: z.boolean(),
  userId: z.number().int().nullable(),
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  /** A plugin's record sent after the text and file (issue 38 item 11), e.g. `{ kind: 'files.fileList', id, label }`. */
  attachment: z.object({ kind: z.string(), id: z.number().int(), label: z.string() }).nullable(),
  /** Whether the current user may edit it (their own, or an admin on a shared one). */
  allowEdit: z.boolean(),
});
export const quickMessageInputSchema = z.object({
  shortcode: z.string().trim().min(1, 'required').max(100, 'too_long'),
  message: z.string().max(5000).default(''),
  /** Shared with the whole company (admins only); otherwise personal. */
  geral: z.boolean().default(false),
  /**
   * A plugin's record to send with the reply (the kind is `<plugin id>.<name>`, registered by that plugin
   * on the server's QUICK_MESSAGE_ATTACHMENTS); null removes it. The server checks the record and keeps its label.
   */
  attachment: z
    .object({
      kind: z.string().regex(QUICK_ATTACHMENT_KIND_PATTERN, 'invalid_kind'),
      id: z.number().int().positive().max(2_147_483_647),
    })
    .nullable()
    .optional(),
});
export const quickMessageUpdateSchema = partialUpdate(quickMessageInputSchema);
export const quickMessagePageSchema = z.object({ records: z.array(quickMessageSchema), hasMore: z.boolean() });
/** POST /quick-messages/{id}/media-upload: multipart `file` plus `typeArch` (the reference client sends "quickMessage"). */
export const quickMessageMediaFieldsSchema = z.object({ typeArch: z.string().trim().max(50).optional() });
export type QuickMessageAttachmentRef = { kind: string; id: number; label: string };
