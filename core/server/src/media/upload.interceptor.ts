import { unlink } from 'node:fs/promises';
import { Inject, mixin, type CallHandler, type ExecutionContext, type NestInterceptor, type Type } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Redis } from 'ioredis';
import multer, { MulterError } from 'multer';
import { finalize, type Observable } from 'rxjs';
import { MEDIA_LIMITS } from '@atende/core-contract';
import { AppError, type AuthUser } from '@atende/sdk-server';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { REDIS } from '../jobs/redis.js';
import { redisNamespace } from '../jobs/namespace.js';
import { uploadOptions } from './upload-policy.js';

/** Uploads one user may have in flight at once, over every server process. */
export const MAX_CONCURRENT_UPLOADS = 3;
/** Room for the multipart envelope and text fields beyond the files themselves. */
const MULTIPART_OVERHEAD = 1024 * 1024;

const refuse = (field: string) => new AppError('ERR_MEDIA_TYPE_NOT_ALLOWED', 415, undefined, [{ path: field, message: 'unsupported_media_type' }]);
const tooLarge = (field: string, maxBytes: number) => new AppError('ERR_MEDIA_TOO_LARGE', 413, undefined, [{ path: field, message: 'media_too_large', maxBytes }]);

/** Multer's refusals as API errors: too large → 413 ERR_MEDIA_TOO_LARGE, anything else → 400 with the field. */
function toAppError(err: unknown, maxBytes: number): unknown {
  if (err instanceof MulterError) {
    if (err.code === 'LIMIT_FILE_SIZE') return tooLarge(err.field ?? '', maxBytes);
    return AppError.validation([{ path: err.field ?? '', message: err.code }]);
  }
  return err;
}

/** One atomic step: count this upload in, or refuse when the user already has `max` in flight. */
const TAKE_SLOT = `local n = redis.call('INCR', KEYS[1])
redis.call('EXPIRE', KEYS[1], ARGV[2])
if n > tonumber(ARGV[1]) then redis.call('DECR', KEYS[1]) return 0 end
return 1`;

/**
 * Streams multipart files of `field` to temporary files on disk (multer, with the upload policy's
 * limits) when the request is multipart; other requests (JSON) pass untouched, so one route can take
 * both. Before reading the body: a declared Content-Length beyond what the route can take is refused
 * (413), and a user may have at most MAX_CONCURRENT_UPLOADS uploads in flight (429, counted in Redis
 * so it holds across processes). The temporary files are removed when the request ends.
 */
export function UploadInterceptor(
  field: string,
  maxFiles: number,
  maxBytes: number = MEDIA_LIMITS.otherBytes,
  /** Replaces the media allow-list (for example spreadsheets only). */
  accept?: (file: Express.Multer.File) => boolean,
): Type<NestInterceptor> {
  class Upload implements NestInterceptor {
    private readonly middleware = multer({
      ...uploadOptions({ maxFiles, maxBytes }),
      ...(accept ? { fileFilter: (_req: Request, file: Express.Multer.File, cb: multer.FileFilterCallback) => (accept(file) ? cb(null, true) : cb(refuse(file.fieldname))) } : {}),
    }).array(field, maxFiles);
    private readonly prefix: string;

    constructor(
      @Inject(REDIS) private readonly redis: Redis,
      @Inject(APP_CONFIG) config: AppConfig,
    ) {
      this.prefix = `${redisNamespace(config)}:uploads:user:`;
    }

    async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      const http = context.switchToHttp();
      const req = http.getRequest<Request & { user?: AuthUser }>();
      if (!req.is('multipart/form-data')) return next.handle();
      const declared = Number(req.headers['content-length'] ?? 0);
      if (declared > maxFiles * maxBytes + MULTIPART_OVERHEAD) throw tooLarge(field, maxBytes);
      const slot = req.user ? this.prefix + req.user.id : null;
      if (slot && !(await this.redis.eval(TAKE_SLOT, 1, slot, MAX_CONCURRENT_UPLOADS, 600))) {
        throw new AppError('ERR_TOO_MANY_ATTEMPTS', 429, `At most ${MAX_CONCURRENT_UPLOADS} uploads at once.`, { retryAfterSeconds: 5 });
      }
      const res = http.getResponse<Response>();
      // Released exactly once, when the response closes: that happens for finished requests and for
      // ones the client aborted mid-body (where multer may never call back), so no slot leaks.
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        if (slot) void this.redis.decr(slot).catch(() => undefined);
        for (const f of uploadedFiles(req)) void unlink(f.path).catch(() => undefined);
      };
      res.once('close', release);
      try {
        await new Promise<void>((resolve, reject) => {
          const aborted = () => reject(new AppError('ERR_VALIDATION', 400, 'The upload was interrupted.'));
          res.once('close', aborted);
          this.middleware(req, res, (err: unknown) => {
            res.off('close', aborted);
            if (err) reject(toAppError(err, maxBytes));
            else resolve();
          });
        });
      } catch (err) {
        release();
        throw err;
      }
      return next.handle().pipe(finalize(release));
    }
  }
  return mixin(Upload);
}

/** The files multer kept on the request (empty for JSON requests). */
export const uploadedFiles = (req: Request): Express.Multer.File[] => (Array.isArray(req.files) ? req.files : []);
