/**
 * Files of a company (issue 11 item 3), under the same rules as the agents' uploads: a file is
 * checked by its declared type, its extension and its first bytes, and by the size limit of its kind
 * (images 16 MB, others 64 MB); audio becomes an OGG/Opus voice note. Stored files are named by the
 * kernel (`/api/media/<uuid>.<ext>`) and served only to the company's users. Inject by the `MEDIA` token.
 */
export const MEDIA = Symbol.for('atende:media');

export type MediaKind = 'image' | 'audio' | 'video' | 'application';

export interface StoredMedia {
  url: string;
  kind: MediaKind;
  mimetype: string;
  /** The file's name as given (a label only; audio kept as a voice note has none). */
  name: string | null;
}

export interface Media {
  /**
   * Keeps a copy of the file at `path` (yours stays where it is) for the company. 415
   * ERR_MEDIA_TYPE_NOT_ALLOWED for a type, extension or content the policy refuses, 413
   * ERR_MEDIA_TOO_LARGE past its kind's limit. Audio is converted to a voice note unless `voice: false`.
   */
  store(companyId: number, file: { path: string; name: string; mimetype: string }, options?: { voice?: boolean }): Promise<StoredMedia>;
  /** The bytes of one of the company's files (404 for another company's or an unknown url). */
  read(companyId: number, url: string): Promise<{ data: Buffer; mimetype: string }>;
  /**
   * The first worksheet of an .xlsx as rows of cell texts, after the zip guard (a zip bomb or more
   * than `maxRows` rows is refused with 400 ERR_INVALID_SPREADSHEET).
   */
  readSheet(data: Buffer, options?: { maxRows?: number }): Promise<string[][]>;
}
