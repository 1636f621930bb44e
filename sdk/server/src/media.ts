import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';

/**
 * Files of a company (issue 11 item 3), under the same rules as the agents' uploads: a file is
 * checked by its declared type, its extension and its first bytes, and by the size limit of its kind
 * (images 16 MB, others 64 MB); audio becomes an OGG/Opus voice note. Stored files are named by the
 * kernel (`/api/media/<uuid>.<ext>`) and served only to the company's users. Inject by the `MEDIA` token.
 */
export const MEDIA = Symbol.for('atende:media');

/** The broad type of a stored file, from its MIME type. */
export type MediaKind = 'image' | 'audio' | 'video' | 'application';

/** A file the MEDIA port stored: its URL (company-scoped), kind, MIME type and name. */
export interface StoredMedia {
  url: string;
  kind: MediaKind;
  mimetype: string;
  /** The file's name as given (a label only; audio kept as a voice note has none). */
  name: string | null;
}

/** How `Media.receive` takes one uploaded file from a multipart request. */
export interface ReceiveOptions {
  /** The multipart field holding the file. */
  field: string;
  /** MIME types allowed (each must be one the upload policy knows, e.g. `image/png`, `image/jpeg`); default: the whole policy. */
  accept?: readonly string[];
  /** Size limit in bytes, enforced while the file streams (never above the policy's limit for its kind). */
  maxBytes?: number;
}

/** An uploaded file, checked and on disk until the response ends (then removed): `store` it to keep it. */
export interface ReceivedFile {
  path: string;
  /** The sender's file name (a label only, never used on disk). */
  name: string;
  mimetype: string;
  kind: MediaKind;
  size: number;
  /**
   * The form's text fields sent with the file (before or after it), as given: a field sent more than
   * once is a list. Untrusted input like any body: validate it (e.g. with zod) before use.
   */
  fields: Record<string, string | string[]>;
}

/** A stored file opened for reading (`Media.open`). */
export interface OpenedMedia {
  stream: Readable;
  mimetype: string;
  size: number;
}

/** The MEDIA port: store, stream, remove and receive files under the kernel's upload rules, and read spreadsheets. */
export interface Media {
  /**
   * Streams the one file of `options.field` from a multipart request to a temporary file, under the
   * agents' upload rules: a declared Content-Length beyond the limit is refused before reading (413
   * ERR_MEDIA_TOO_LARGE), the limit holds while streaming, at most 3 uploads per user in flight (429),
   * and the declared type, the extension and the first bytes must agree and be in `accept` (415
   * ERR_MEDIA_TYPE_NOT_ALLOWED). No file → 400 ERR_VALIDATION (`required`). Pass the route's request
   * and response (`@Req()`, `@Res({ passthrough: true })`): the file goes when the response closes.
   */
  receive(req: IncomingMessage, res: ServerResponse, options: ReceiveOptions): Promise<ReceivedFile>;
  /**
   * Keeps a copy of the file at `path` (yours stays where it is) for the company. 415
   * ERR_MEDIA_TYPE_NOT_ALLOWED for a type, extension or content the policy refuses, 413
   * ERR_MEDIA_TOO_LARGE past its kind's limit. Audio is converted to a voice note unless `voice: false`.
   */
  store(companyId: number, file: { path: string; name: string; mimetype: string }, options?: { voice?: boolean }): Promise<StoredMedia>;
  /** Forgets one of the company's files (nothing happens for an unknown url or another company's). */
  remove(companyId: number, url: string): Promise<void>;
  /** The bytes of one of the company's files (404 for another company's or an unknown url). Whole in memory: to serve a file use `open`. */
  read(companyId: number, url: string): Promise<{ data: Buffer; mimetype: string }>;
  /** Whether the company has this file (a stat, nothing read): false for another company's or an unknown url. */
  exists(companyId: number, url: string): Promise<boolean>;
  /**
   * One of the company's files as a stream from disk, with its type and size in bytes, to serve it
   * without holding it in memory (e.g. `new StreamableFile(stream, { type: mimetype, length: size })`).
   * 404 for another company's or an unknown url. The stream must be read or destroyed.
   */
  open(companyId: number, url: string): Promise<OpenedMedia>;
  /**
   * The first worksheet of an .xlsx as rows of cell texts, after the zip guard (a zip bomb or more
   * than `maxRows` rows is refused with 400 ERR_INVALID_SPREADSHEET).
   */
  readSheet(data: Buffer, options?: { maxRows?: number }): Promise<string[][]>;
}
