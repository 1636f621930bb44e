import { Body, Controller, Headers, HttpCode, Post, Req, UseGuards, UseInterceptors } from '@nestjs/common';
import type { Request } from 'express';
import type { z } from 'zod';
import { IDEMPOTENCY_HEADER, MEDIA_LIMITS, externalSendAnswerSchema, externalSendFieldsSchema, externalSendSchema, idempotencyKeySchema } from '@atende/core-contract';
import { AppError, Public, ZodResponse } from '@atende/sdk-server';
import { UploadInterceptor, uploadedFiles } from '../media/upload.interceptor.js';
import { checkUpload } from '../media/upload-policy.js';
import type { ApiCaller } from './api-token.js';
import { ApiTokenGuard } from './api-token.guard.js';
import { ExternalApiService } from './external-api.service.js';
import { ApiDoc } from '../api-docs/api-doc.decorator.js';

const issues = (error: z.ZodError) => error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));

/**
 * POST /api/messages/send (core-operations §1, issue 34 item 1). Public to the user guard: the caller
 * is a connection, named by its token, not a signed-in user. The token is checked before the body
 * is read (an unknown caller never uploads files here).
 */
@Controller('messages')
export class ExternalApiController {
  constructor(private readonly api: ExternalApiService) {}

  @Post('send')
  @Public()
  @ApiDoc({
    summary: 'Send a WhatsApp message (text, or media by URL or upload) to a number through the connection of the token.',
    description:
      'Reuses the contact\'s open ticket on that connection or creates one. Needs plan flag useExternalApi (403 ERR_NO_PERMISSION). Errors: 401 ERR_INVALID_TOKEN, 400 ERR_VALIDATION, 400 ERR_WAPP_INVALID_CONTACT (not on WhatsApp), 400 ERR_WAPP_NOT_INITIALIZED (session stopped), 400 ERR_OUTBOUND_URL_REFUSED / ERR_WAPP_DOWNLOAD_MEDIA (mediaUrl), 409 ERR_REQUEST_IN_PROGRESS (same Idempotency-Key still sending), 413/415 for files, 429 ERR_TOO_MANY_ATTEMPTS (rate limit per connection, details.retryAfterSeconds).',
    connectionToken: true,
    body: { json: externalSendSchema, multipart: externalSendFieldsSchema, files: 'medias' },
    headers: { 'Idempotency-Key': 'Optional, 1–100 characters: a retried call with the same key sends once and answers the first result (kept 24 h).' },
  })
  @UseGuards(ApiTokenGuard)
  @HttpCode(200)
  @UseInterceptors(UploadInterceptor('medias', MEDIA_LIMITS.filesPerMessage))
  @ZodResponse(externalSendAnswerSchema)
  async send(@Body() raw: unknown, @Req() req: Request & { apiCaller: ApiCaller }, @Headers(IDEMPOTENCY_HEADER) key: string | undefined) {
    const caller = req.apiCaller;
    const idem = key === undefined ? undefined : idempotencyKeySchema.safeParse(key);
    if (idem && !idem.success) throw AppError.validation([{ path: 'Idempotency-Key', message: 'invalid_idempotency_key' }]);
    const multipart = !!req.is('multipart/form-data');
    const files = uploadedFiles(req);
    const parsed = multipart ? externalSendFieldsSchema.safeParse(raw ?? {}) : externalSendSchema.safeParse(raw ?? {});
    if (!parsed.success) throw AppError.validation(issues(parsed.error));
    if (multipart && !files.length && !parsed.data.body.trim()) throw AppError.validation([{ path: 'medias', message: 'required' }]);
    return this.api.send(caller, parsed.data, multipart ? files.map(checkUpload) : null, idem?.data);
  }
}
