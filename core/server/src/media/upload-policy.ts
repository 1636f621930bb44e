import { closeSync, mkdirSync, openSync, readSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { diskStorage, type Options } from 'multer';
import { MEDIA_LIMITS } from '@atende/core-contract';
import { AppError } from '@atende/sdk-server';

/** What an uploaded file may be: its MIME type, the extensions it may carry, how to recognise its bytes. */
interface Allowed {
  kind: 'image' | 'audio' | 'video' | 'application';
  extensions: string[];
  /** Checks the first bytes, so a renamed .exe cannot pass as a PDF. */
  looksLike: (head: Buffer) => boolean;
}

const at = (head: Buffer, offset: number, ascii: string) => head.subarray(offset, offset + ascii.length).toString('latin1') === ascii;
const startsWith = (head: Buffer, bytes: number[]) => bytes.every((b, i) => head[i] === b);
const zip = (h: Buffer) => startsWith(h, [0x50, 0x4b, 0x03, 0x04]) || startsWith(h, [0x50, 0x4b, 0x05, 0x06]);
const ole = (h: Buffer) => startsWith(h, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** ISO base media (mp4, m4a, 3gp): a box named ftyp at byte 4. */
const isoMedia = (h: Buffer) => at(h, 4, 'ftyp');
const ebml = (h: Buffer) => startsWith(h, [0x1a, 0x45, 0xdf, 0xa3]);
/** Text has no NUL bytes in its first kilobytes. */
const text = (h: Buffer) => !h.includes(0);

const ALLOWED: Record<string, Allowed> = {
  'image/jpeg': { kind: 'image', extensions: ['jpg', 'jpeg'], looksLike: (h) => startsWith(h, [0xff, 0xd8, 0xff]) },
  'image/png': { kind: 'image', extensions: ['png'], looksLike: (h) => startsWith(h, [0x89, 0x50, 0x4e, 0x47]) },
  'image/webp': { kind: 'image', extensions: ['webp'], looksLike: (h) => at(h, 0, 'RIFF') && at(h, 8, 'WEBP') },
  'image/gif': { kind: 'image', extensions: ['gif'], looksLike: (h) => at(h, 0, 'GIF8') },
  'audio/ogg': { kind: 'audio', extensions: ['ogg', 'oga', 'opus'], looksLike: (h) => at(h, 0, 'OggS') },
  'audio/mpeg': { kind: 'audio', extensions: ['mp3', 'mpga'], looksLike: (h) => at(h, 0, 'ID3') || (h[0] === 0xff && (h[1] & 0xe0) === 0xe0) },
  'audio/mp4': { kind: 'audio', extensions: ['m4a', 'mp4'], looksLike: isoMedia },
  'audio/aac': { kind: 'audio', extensions: ['aac'], looksLike: (h) => h[0] === 0xff && (h[1] & 0xf6) === 0xf0 },
  'audio/webm': { kind: 'audio', extensions: ['webm', 'weba'], looksLike: ebml },
  'audio/wav': { kind: 'audio', extensions: ['wav'], looksLike: (h) => at(h, 0, 'RIFF') && at(h, 8, 'WAVE') },
  'video/mp4': { kind: 'video', extensions: ['mp4', 'm4v'], looksLike: isoMedia },
  'video/3gpp': { kind: 'video', extensions: ['3gp', '3gpp'], looksLike: isoMedia },
  'video/webm': { kind: 'video', extensions: ['webm'], looksLike: ebml },
  'application/pdf': { kind: 'application', extensions: ['pdf'], looksLike: (h) => at(h, 0, '%PDF') },
  'application/msword': { kind: 'application', extensions: ['doc'], looksLike: ole },
  'application/vnd.ms-excel': { kind: 'application', extensions: ['xls'], looksLike: ole },
  'application/vnd.ms-powerpoint': { kind: 'application', extensions: ['ppt'], looksLike: ole },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': { kind: 'application', extensions: ['docx'], looksLike: zip },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { kind: 'application', extensions: ['xlsx'], looksLike: zip },
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': { kind: 'application', extensions: ['pptx'], looksLike: zip },
  'application/zip': { kind: 'application', extensions: ['zip'], looksLike: zip },
  'text/plain': { kind: 'application', extensions: ['txt', 'log'], looksLike: text },
  'text/csv': { kind: 'application', extensions: ['csv'], looksLike: text },
};

/** Names browsers and phones use for the same types. */
const ALIASES: Record<string, string> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'audio/mp3': 'audio/mpeg',
  'audio/x-m4a': 'audio/mp4',
  'audio/m4a': 'audio/mp4',
  'audio/x-aac': 'audio/aac',
  'audio/x-wav': 'audio/wav',
  'audio/wave': 'audio/wav',
  'audio/vnd.wave': 'audio/wav',
  'audio/opus': 'audio/ogg',
  'application/x-zip-compressed': 'application/zip',
  'application/csv': 'text/csv',
};

/** Every media type uploads accept (checked by content). */
export const ALLOWED_MIMETYPES = (): string[] => Object.keys(ALLOWED);

export const normalizeMime = (mimetype: string) => {
  const base = mimetype.split(';')[0].trim().toLowerCase();
  return ALIASES[base] ?? base;
};

/** What a stored file is sent as, from its MIME type (files already stored: quick-message and sandbox media). */
export const mediaKindOf = (mimetype: string): Allowed['kind'] =>
  mimetype.startsWith('image/') ? 'image' : mimetype.startsWith('audio/') ? 'audio' : mimetype.startsWith('video/') ? 'video' : 'application';

export const maxBytesOf = (kind: Allowed['kind']) => (kind === 'image' ? MEDIA_LIMITS.imageBytes : MEDIA_LIMITS.otherBytes);

const refuseType = (field: string) => new AppError('ERR_MEDIA_TYPE_NOT_ALLOWED', 415, undefined, [{ path: field, message: 'unsupported_media_type' }]);

/** Where uploads stream to while a request is handled (removed when it ends, see UploadInterceptor). */
export const UPLOAD_TMP_DIR = path.join(tmpdir(), 'atende-uploads');

/**
 * Multer streaming to disk (never the whole file in memory) with hard limits: multer stops a file at
 * `fileSize` while it streams. The type is refused before the body is read when the declared MIME type
 * or the extension is not allowed; sizes per kind and the bytes are checked by `checkUpload`.
 */
export function uploadOptions(opts: { maxFiles: number; maxBytes?: number }): Options {
  mkdirSync(UPLOAD_TMP_DIR, { recursive: true, mode: 0o700 });
  return {
    storage: diskStorage({ destination: UPLOAD_TMP_DIR, filename: (_req, _file, cb) => cb(null, randomUUID()) }),
    limits: { fileSize: opts.maxBytes ?? MEDIA_LIMITS.otherBytes, files: opts.maxFiles, fields: 20, fieldSize: 64 * 1024, parts: opts.maxFiles + 20 },
    fileFilter: (_req, file, cb) => {
      const allowed = ALLOWED[normalizeMime(file.mimetype)];
      const ext = path.extname(file.originalname).slice(1).toLowerCase();
      if (!allowed || !allowed.extensions.includes(ext)) cb(refuseType(file.fieldname));
      else cb(null, true);
    },
  };
}

export interface CheckedUpload {
  mimetype: string;
  kind: Allowed['kind'];
  /** The uploaded bytes on disk (a temporary file removed when the request ends). */
  path: string;
  /** The sender's file name, kept only as a label (never used on disk). */
  originalName: string;
}

/** Type (declared, extension and content), then the size limit of its kind (images 16 MB, others 64 MB). */
export function checkUpload(file: Express.Multer.File): CheckedUpload {
  const mimetype = normalizeMime(file.mimetype);
  const allowed = ALLOWED[mimetype];
  const ext = path.extname(file.originalname).slice(1).toLowerCase();
  if (!allowed || !allowed.extensions.includes(ext) || !allowed.looksLike(headOf(file))) throw refuseType(file.fieldname);
  const max = maxBytesOf(allowed.kind);
  if (file.size > max) throw new AppError('ERR_MEDIA_TOO_LARGE', 413, undefined, [{ path: file.fieldname, message: 'media_too_large', maxBytes: max }]);
  // Multer decodes names as latin1; browsers send UTF-8.
  const originalName = labelOf(Buffer.from(file.originalname, 'latin1').toString('utf8').replace(/[/\\\0]/g, '_'));
  return { mimetype, kind: allowed.kind, path: file.path, originalName };
}

/** Room a file name gets as a label (the varchar(255) columns that keep it). */
const NAME_MAX = 255;

/**
 * A sender's file name cut to NAME_MAX with its extension kept: the label is checked again when a
 * plugin stores the file (Media port), and a name cut before its extension would then be refused.
 */
export function labelOf(name: string): string {
  if (name.length <= NAME_MAX) return name;
  const ext = path.extname(name);
  return ext.length < NAME_MAX ? name.slice(0, NAME_MAX - ext.length) + ext : name.slice(0, NAME_MAX);
}

/** The first 4 KB of an upload: from disk (disk storage), or the buffer (tests building files in memory). */
function headOf(file: Express.Multer.File): Buffer {
  if (file.buffer) return file.buffer.subarray(0, 4096);
  const head = Buffer.alloc(4096);
  const fd = openSync(file.path, 'r');
  try {
    return head.subarray(0, readSync(fd, head, 0, head.length, 0));
  } finally {
    closeSync(fd);
  }
}
