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
