import { z } from 'zod';

// Apart from index.ts (as in the helps contract): the web remote uses these as types only, so it does
// not bundle zod.

/** One entry of a file list: a label and, once uploaded, its media (automation-productivity §3). */
export const fileOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Where the media is read (the kernel's `/api/media/<uuid>.<ext>`, behind sign-in, this company's users only), or null before an upload. */
  path: z.string().nullable(),
  /** The media's checked MIME type (by content, not as the browser declared it), or null before an upload. */
  mediaType: z.string().nullable(),
  /** The uploaded file's original name (a label only), or null. */
  fileName: z.string().nullable(),
});
export type FileOption = z.infer<typeof fileOptionSchema>;

export const fileListSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  message: z.string(),
  /** Who created the list (null once that user is deleted). */
  userId: z.number().int().nullable(),
  options: z.array(fileOptionSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FileList = z.infer<typeof fileListSchema>;

/** The select form (`GET /files` without paging): what a picker in the flow builder or quick messages needs. */
export const fileListNameSchema = z.object({ id: z.number().int(), name: z.string() });
export type FileListName = z.infer<typeof fileListNameSchema>;

export const FILE_LIST_NAME_MIN = 3;
export const FILE_LIST_NAME_MAX = 255;
export const FILE_LIST_MESSAGE_MAX = 5000;
export const FILE_OPTION_NAME_MAX = 255;
export const FILE_LIST_MAX_OPTIONS = 50;

const id = z.number().int().positive().max(2_147_483_647);
const nameSchema = z.string('required').trim().min(1, 'required').min(FILE_LIST_NAME_MIN, 'too_short').max(FILE_LIST_NAME_MAX, 'too_long');
const messageSchema = z.string('required').trim().min(1, 'required').max(FILE_LIST_MESSAGE_MAX, 'too_long');
const optionNameSchema = z.string('required').trim().min(1, 'required').max(FILE_OPTION_NAME_MAX, 'too_long');

/**
 * An option as the client sends it: `id` names an existing option of the list (edited), none adds one.
 * `path` and `mediaType` are the server's (set by the upload); a client sending them back is ignored.
 */
export const fileOptionInputSchema = z.object({
  id: id.optional(),
  name: optionNameSchema,
  path: z.string().nullable().optional(),
  mediaType: z.string().nullable().optional(),
});
export type FileOptionInput = z.infer<typeof fileOptionInputSchema>;

const optionsSchema = z.array(fileOptionInputSchema).max(FILE_LIST_MAX_OPTIONS, 'too_many');

/** POST: name (3+) and message required (automation-productivity §5); options without media yet. */
export const fileListInputSchema = z.object({
  name: nameSchema,
  message: messageSchema,
  options: optionsSchema.default([]),
  /** The spec's payload carries the sender's id; the list records the signed-in user whatever is sent. */
  userId: id.nullable().optional(),
});
export type FileListInput = z.input<typeof fileListInputSchema>;

/**
 * PUT: partial. `options`, when sent, is the whole new set: listed ones with an id are edited, ones
 * without are added, and the list's options left out are removed (with their media).
 */
export const fileListUpdateSchema = z.object({
  name: nameSchema.optional(),
  message: messageSchema.optional(),
  options: optionsSchema.optional(),
  userId: id.nullable().optional(),
});
export type FileListUpdate = z.infer<typeof fileListUpdateSchema>;

export const fileListQuerySchema = z.object({
  searchParam: z.string().trim().max(100).default(''),
  pageNumber: z.coerce.number().int().min(1).max(10000).default(1),
});

export const fileListPageSchema = z.object({ files: z.array(fileListSchema), count: z.number().int(), hasMore: z.boolean() });
export type FileListPage = z.infer<typeof fileListPageSchema>;

/** A number sent as a multipart text field. */
const formId = z.coerce.number('invalid_value').int('invalid_value').positive('invalid_value').max(2_147_483_647, 'invalid_value');
/** The first value of a repeated field; an empty one counts as not sent. */
const single = (v: unknown) => {
  const first: unknown = Array.isArray(v) ? v[0] : v;
  return first === '' ? undefined : first;
};

/**
 * The text fields of `POST /files/uploadList/{id}` (automation-productivity §7): `id` the option the file
 * belongs to (none: a new option named `name`), `name` a new label, `fileId` the list (must be the
 * path's), `typeArch` ('fileList') and `mediaType` (the browser's guess) are informational: the type
 * kept is the one the content shows. One file per request, in the field `files`.
 */
export const fileUploadFieldsSchema = z.object({
  fileId: z.preprocess(single, formId.optional()),
  id: z.preprocess(single, formId.optional()),
  name: z.preprocess(single, optionNameSchema.optional()),
  typeArch: z.preprocess(single, z.string().max(50).optional()),
  mediaType: z.preprocess(single, z.string().max(255).optional()),
});
export type FileUploadFields = z.infer<typeof fileUploadFieldsSchema>;

/** `POST /files/{id}/send` (issue 38 item 11): the list goes to this ticket, which the user must be able to see. */
export const fileListSendSchema = z.object({ ticketId: z.number({ error: 'required' }).int().positive().max(2_147_483_647) });
export type FileListSend = z.infer<typeof fileListSendSchema>;
/** How many messages went out: the list's message (when it has one) and one per option with a file. */
export const fileListSendResultSchema = z.object({ sent: z.number().int() });
export type FileListSendResult = z.infer<typeof fileListSendResultSchema>;
