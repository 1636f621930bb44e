import { unlink } from 'node:fs/promises';
import type { Request, Response } from 'express';
import type { Redis } from 'ioredis';
import multer, { MulterError } from 'multer';
import { MEDIA_LIMITS } from '@atende/core-contract';
import type { ReceiveOptions, ReceivedFile } from '@atende/sdk-server';
import { AppError } from '@atende/sdk-server';
import { checkUpload, normalizeMime, uploadOptions } from './upload-policy.js';

/** Room for the multipart envelope and text fields beyond the file itself. */
const MULTIPART_OVERHEAD = 1024 * 1024;

/** The same atomic per-user slot as UploadInterceptor's (3 uploads in flight per user, every process). */
const TAKE_SLOT = `local n = redis.call('INCR', KEYS[1])
redis.call('EXPIRE', KEYS[1], ARGV[2])
if n > tonumber(ARGV[1]) then redis.call('DECR', KEYS[1]) return 0 end
return 1`;

const refuse = (field: string) => new AppError('ERR_MEDIA_TYPE_NOT_ALLOWED', 415, undefined, [{ path: field, message: 'unsupported_media_type' }]);
const tooLarge = (field: string, maxBytes: number) => new AppError('ERR_MEDIA_TOO_LARGE', 413, undefined, [{ path: field, message: 'media_too_large', maxBytes }]);

/** Multer's parsed text fields, kept to plain strings and lists of strings (bracket names nest objects, which are dropped). */
function textFields(body: unknown): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  if (!body || typeof body !== 'object') return fields;
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (typeof value === 'string') fields[key] = value;
    else if (Array.isArray(value) && value.every((v) => typeof v === 'string')) fields[key] = value as string[];
  }
  return fields;
}

export interface UploadSlots {
  redis: Redis;
  /** Redis key prefix of the per-user counters (namespaced by deployment). */
  prefix: string;
  max: number;
}

/**
 * The Media port's `receive` (SDK): one file of a multipart request for a plugin route, streamed to a
 * temporary file with the upload policy's checks (see UploadInterceptor, which does the same for the
 * kernel's routes as an interceptor). The file is deleted when the response closes.
 */
export async function receiveUpload(slots: UploadSlots, req: Request, res: Response, options: ReceiveOptions): Promise<ReceivedFile> {
  const { field } = options;
  const accept = options.accept?.map(normalizeMime);
  if (!req.is('multipart/form-data')) throw AppError.validation([{ path: field, message: 'required' }]);
  // Never above the policy's largest limit; checkUpload then applies its kind's own (images 16 MB).
  const maxBytes = Math.min(options.maxBytes ?? MEDIA_LIMITS.otherBytes, MEDIA_LIMITS.otherBytes);
  if (Number(req.headers['content-length'] ?? 0) > maxBytes + MULTIPART_OVERHEAD) throw tooLarge(field, maxBytes);
  const userId = (req as Request & { user?: { id: number } }).user?.id;
  const slot = userId ? slots.prefix + userId : null;
  if (slot && !(await slots.redis.eval(TAKE_SLOT, 1, slot, slots.max, 600))) {
    throw new AppError('ERR_TOO_MANY_ATTEMPTS', 429, `At most ${slots.max} uploads at once.`, { retryAfterSeconds: 5 });
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    if (slot) void slots.redis.decr(slot).catch(() => undefined);
    const file = (req as Request & { file?: Express.Multer.File }).file;
    if (file) void unlink(file.path).catch(() => undefined);
  };
  // The response closing ends the upload whatever happened (finished, refused, client gone): no slot or file leaks.
  res.once('close', release);
  const policy = uploadOptions({ maxFiles: 1, maxBytes });
  const middleware = multer({
    ...policy,
    fileFilter: (r, file, cb) => {
      // The declared type first (the bytes are checked once on disk), narrowed to what the route accepts.
      if (accept && !accept.includes(normalizeMime(file.mimetype))) return cb(refuse(file.fieldname));
      return policy.fileFilter!(r, file, cb);
    },
  }).single(field);
  try {
    await new Promise<void>((resolve, reject) => {
      const aborted = () => reject(new AppError('ERR_VALIDATION', 400, 'The upload was interrupted.'));
      res.once('close', aborted);
      middleware(req, res, (err: unknown) => {
        res.off('close', aborted);
        if (err instanceof MulterError) reject(err.code === 'LIMIT_FILE_SIZE' ? tooLarge(err.field ?? field, maxBytes) : AppError.validation([{ path: err.field ?? field, message: err.code }]));
        else if (err) reject(err);
        else resolve();
      });
    });
    const file = (req as Request & { file?: Express.Multer.File }).file;
    if (!file) throw AppError.validation([{ path: field, message: 'required' }]);
    const checked = checkUpload(file);
    if (accept && !accept.includes(checked.mimetype)) throw refuse(field);
    return { path: checked.path, name: checked.originalName, mimetype: checked.mimetype, kind: checked.kind, size: file.size, fields: textFields(req.body) };
  } catch (err) {
    release();
    throw err;
  }
}
