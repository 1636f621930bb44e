import { mixin, type CallHandler, type ExecutionContext, type NestInterceptor, type Type } from '@nestjs/common';
import type { Request, Response } from 'express';
import multer, { MulterError } from 'multer';
import type { Observable } from 'rxjs';
import { MEDIA_LIMITS } from '@atende/core-contract';
import { AppError } from '@atende/sdk-server';
import { uploadOptions } from './upload-policy.js';

const refuse = (field: string) => new AppError('ERR_MEDIA_TYPE_NOT_ALLOWED', 415, undefined, [{ path: field, message: 'unsupported_media_type' }]);

/** Multer's refusals as API errors: too large → 413 ERR_MEDIA_TOO_LARGE, anything else → 400 with the field. */
function toAppError(err: unknown, maxBytes: number): unknown {
  if (err instanceof MulterError) {
    if (err.code === 'LIMIT_FILE_SIZE') return new AppError('ERR_MEDIA_TOO_LARGE', 413, undefined, [{ path: err.field ?? '', message: 'media_too_large', maxBytes }]);
    return AppError.validation([{ path: err.field ?? '', message: err.code }]);
  }
  return err;
}

/**
 * Reads multipart files of `field` into memory (multer, with the upload policy's limits) when the
 * request is multipart; other requests (JSON) pass untouched, so one route can take both.
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

    async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      const http = context.switchToHttp();
      const req = http.getRequest<Request>();
      if (req.is('multipart/form-data')) {
        await new Promise<void>((resolve, reject) => this.middleware(req, http.getResponse<Response>(), (err: unknown) => (err ? reject(toAppError(err, maxBytes)) : resolve())));
      }
      return next.handle();
    }
  }
  return mixin(Upload);
}

/** The files multer kept on the request (empty for JSON requests). */
export const uploadedFiles = (req: Request): Express.Multer.File[] => (Array.isArray(req.files) ? req.files : []);
