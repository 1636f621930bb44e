import { Body, Controller, Delete, Get, HttpCode, Post, Put, Req, UseInterceptors } from '@nestjs/common';
import type { Request } from 'express';
import type { z } from 'zod';
import {
  idParamSchema,
  pageQuerySchema,
  quickMessageInputSchema,
  quickMessageUpdateSchema,
  quickMessageMediaFieldsSchema,
  quickMessagePageSchema,
  quickMessageSchema,
} from '@atende/core-contract';
import { AppError, CurrentUser, ZodBody, ZodParam, ZodQuery, ZodResponse, type AuthUser } from '@atende/sdk-server';
import { UploadInterceptor, uploadedFiles } from '../media/upload.interceptor.js';
import { checkUpload } from '../media/upload-policy.js';
import { QuickMessagesService, type QuickMessageInput } from './quick-messages.service.js';

/** Quick replies over HTTP (the rules are QuickMessagesService's). */
@Controller('quick-messages')
export class QuickMessagesController {
  constructor(private readonly quick: QuickMessagesService) {}

  @Get()
  @ZodResponse(quickMessagePageSchema)
  page(@ZodQuery(pageQuerySchema) q: z.infer<typeof pageQuerySchema>, @CurrentUser() user: AuthUser) {
    return this.quick.page(user, q);
  }

  @Get('list')
  @ZodResponse(quickMessageSchema.array())
  list(@CurrentUser() user: AuthUser) {
    return this.quick.list(user);
  }

  @Get(':id')
  @ZodResponse(quickMessageSchema)
  show(@ZodParam('id', idParamSchema) id: number, @CurrentUser() user: AuthUser) {
    return this.quick.show(user, id);
  }

  @Post()
  @ZodResponse(quickMessageSchema)
  create(@ZodBody(quickMessageInputSchema) body: QuickMessageInput, @CurrentUser() user: AuthUser) {
    return this.quick.create(user, body);
  }

  @Put(':id')
  @ZodResponse(quickMessageSchema)
  update(@ZodParam('id', idParamSchema) id: number, @ZodBody(quickMessageUpdateSchema) body: Partial<QuickMessageInput>, @CurrentUser() user: AuthUser) {
    return this.quick.update(user, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  remove(@ZodParam('id', idParamSchema) id: number, @CurrentUser() user: AuthUser): Promise<void> {
    return this.quick.remove(user, id);
  }

  /** Attaches (or replaces) the file: multipart `file` and `typeArch`. */
  @Post(':id/media-upload')
  @UseInterceptors(UploadInterceptor('file', 1))
  @ZodResponse(quickMessageSchema)
  upload(@ZodParam('id', idParamSchema) id: number, @Body() raw: unknown, @Req() req: Request, @CurrentUser() user: AuthUser) {
    return this.quick.attach(user, id, () => {
      const fields = quickMessageMediaFieldsSchema.safeParse(raw ?? {});
      if (!fields.success) throw AppError.validation(fields.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
      const [file] = uploadedFiles(req);
      if (!file) throw AppError.validation([{ path: 'file', message: 'required' }]);
      return checkUpload(file);
    });
  }

  @Delete(':id/media-upload')
  @ZodResponse(quickMessageSchema)
  removeMedia(@ZodParam('id', idParamSchema) id: number, @CurrentUser() user: AuthUser) {
    return this.quick.detach(user, id);
  }
}
