import { definePluginManifest, endpoint, type formDataBody } from '@atende/core-contract';
import type { z } from 'zod';
import type {
  fileListInputSchema,
  fileListNameSchema,
  fileListPageSchema,
  fileListQuerySchema,
  fileListSchema,
  fileListSendResultSchema,
  fileListSendSchema,
  fileListUpdateSchema,
  FileList,
} from './schemas.js';

export * from './schemas.js';

/**
 * File lists (automation-productivity §2–§9): named sets of media a company keeps to send from the flow
 * builder and quick messages. Company data: every query is scoped to the signed-in user's company.
 * No plan flag: the plan has none for them (commercial-admin §3; ARCHITECTURE "files … have no flag").
 * Every profile reads and writes them: the spec restricts neither the page nor its dialog to admins.
 */
export const FILES_PERMISSIONS = {
  'files:read': ['user', 'supervisor', 'admin', 'super'],
  'files:write': ['user', 'supervisor', 'admin', 'super'],
} as const;

export const FILES_MANIFEST = definePluginManifest({
  pages: { list: { path: '/files', permission: 'files:read' } },
  menu: [{ page: 'list', icon: 'folder', permission: 'files:read', label: { es: 'Listas de archivos', pt: 'Listas de arquivos', en: 'File lists' } }],
  // Sending a list (issue 38 item 11): the ticket's attachment tools send a whole list to the
  // conversation; the quick message dialog attaches one to a reply; the flow builder gets a step.
  zones: ['ticket.input.toolbar', 'quickMessage.modal.attachments'],
  contributes: ['flowbuilder.node-editors'],
});

export const FILES_PAGE_SIZE = 50;
/** The select form answers at most this many lists (by name). */
export const FILES_SELECT_LIMIT = 1000;

/**
 * What an option's media may be, and how large: the spec's limits (automation-productivity §9: image
 * 2 MB, audio 5 MB, video 20 MB, PDF 10 MB) with office documents as PDFs. Checked by declared type,
 * extension and first bytes through the Media port.
 */
export const FILE_MEDIA_RULES = {
  'image/jpeg': { extensions: ['.jpg', '.jpeg'], maxBytes: 2 * 1024 * 1024 },
  'image/png': { extensions: ['.png'], maxBytes: 2 * 1024 * 1024 },
  'image/webp': { extensions: ['.webp'], maxBytes: 2 * 1024 * 1024 },
  'audio/ogg': { extensions: ['.ogg', '.oga', '.opus'], maxBytes: 5 * 1024 * 1024 },
  'audio/mpeg': { extensions: ['.mp3'], maxBytes: 5 * 1024 * 1024 },
  'audio/mp4': { extensions: ['.m4a'], maxBytes: 5 * 1024 * 1024 },
  'video/mp4': { extensions: ['.mp4'], maxBytes: 20 * 1024 * 1024 },
  'application/pdf': { extensions: ['.pdf'], maxBytes: 10 * 1024 * 1024 },
  'application/msword': { extensions: ['.doc'], maxBytes: 10 * 1024 * 1024 },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': { extensions: ['.docx'], maxBytes: 10 * 1024 * 1024 },
  'application/vnd.ms-excel': { extensions: ['.xls'], maxBytes: 10 * 1024 * 1024 },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { extensions: ['.xlsx'], maxBytes: 10 * 1024 * 1024 },
  'application/vnd.ms-powerpoint': { extensions: ['.ppt'], maxBytes: 10 * 1024 * 1024 },
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': { extensions: ['.pptx'], maxBytes: 10 * 1024 * 1024 },
} as const satisfies Record<string, { extensions: readonly string[]; maxBytes: number }>;
export type FileMediaType = keyof typeof FILE_MEDIA_RULES;
export const FILE_MEDIA_TYPES = Object.keys(FILE_MEDIA_RULES) as FileMediaType[];
export const FILE_MEDIA_EXTENSIONS = Object.values(FILE_MEDIA_RULES).flatMap((r) => r.extensions as readonly string[]);
/** The largest any option may be (a video); each type's own limit applies after the content check. */
export const FILE_MEDIA_MAX_BYTES = Math.max(...Object.values(FILE_MEDIA_RULES).map((r) => r.maxBytes));
/** The multipart field of the file in an upload (automation-productivity §7). */
export const FILE_UPLOAD_FIELD = 'files';

/** The limit for a (browser-declared or checked) type, or null when the type is not taken. */
export function fileMediaLimit(mimetype: string): number | null {
  const rule = (FILE_MEDIA_RULES as Record<string, { maxBytes: number }>)[mimetype.split(';')[0].trim().toLowerCase()];
  return rule ? rule.maxBytes : null;
}

/** Error codes of this plugin (beside the kernel's ERR_VALIDATION, ERR_MEDIA_TOO_LARGE, ERR_MEDIA_TYPE_NOT_ALLOWED). */
export const FILES_ERRORS = {
  notFound: 'ERR_NO_FILE_FOUND',
  optionNotFound: 'ERR_NO_FILE_OPTION_FOUND',
  nameInUse: 'ERR_FILE_NAME_ALREADY_EXISTS',
} as const;

/**
 * The kind of a quick reply's file-list attachment (issue 38 item 11), on the kernel's
 * QUICK_MESSAGE_ATTACHMENTS: a quick message saved with `attachment: { kind: 'files.fileList', id }`
 * sends that list (its message, then its files) after its own text when an agent uses it.
 */
export const FILE_LIST_ATTACHMENT_KIND = 'files.fileList';

/** Live updates to the company's users (automation-productivity §7 "company-scoped events for … files"). */
export const FILE_EVENT = 'file';
export type FileEvent = { action: 'create' | 'update'; record: FileList } | { action: 'delete'; id: number };

/**
 * The file lists API, typed for the web's `call()` and for any plugin that picks a list (the flow
 * builder, quick messages): `names` for a select, `show` for a list's options and media paths. The
 * server's routes are checked against it.
 */
export const FILES_ENDPOINTS = {
  /** `GET /files/` with searchParam and pageNumber (the page form is chosen by either of them, or by the trailing slash). */
  page: endpoint<{ query: typeof fileListQuerySchema; response: typeof fileListPageSchema }>()({ method: 'GET', path: '/files' }),
  /** `GET /files` without paging: id and name of every list, by name. */
  names: endpoint<{ response: z.ZodArray<typeof fileListNameSchema> }>()({ method: 'GET', path: '/files' }),
  show: endpoint<{ response: typeof fileListSchema }>()({ method: 'GET', path: '/files/:id' }),
  create: endpoint<{ body: typeof fileListInputSchema; response: typeof fileListSchema }>()({ method: 'POST', path: '/files' }),
  update: endpoint<{ body: typeof fileListUpdateSchema; response: typeof fileListSchema }>()({ method: 'PUT', path: '/files/:id' }),
  remove: endpoint()({ method: 'DELETE', path: '/files/:id' }),
  /** Multipart: `files` (one file), `id` (the option; none adds one named `name`), `name`, `fileId`, `typeArch`, `mediaType`. */
  upload: endpoint<{ body: typeof formDataBody; response: typeof fileListSchema }>()({ method: 'POST', path: '/files/uploadList/:id' }),
  /** Sends the list to a ticket the user can see: its message, then each option's file captioned with the option's name. */
  send: endpoint<{ body: typeof fileListSendSchema; response: typeof fileListSendResultSchema }>()({ method: 'POST', path: '/files/:id/send' }),
};
