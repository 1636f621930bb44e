import { Body, Controller, Delete, Get, HttpCode, Post, Put, Req, UseInterceptors } from '@nestjs/common';
import type { Request } from 'express';
import { z } from 'zod';
import {
  MEDIA_LIMITS,
  editMessageSchema,
  idParamSchema,
  messagePageQuerySchema,
  messagePageSchema,
  messageSchema,
  sendMediaFieldsSchema,
  sendMessageSchema,
} from '@atende/core-contract';
import { AppError, CurrentUser, ZodBody, ZodParam, ZodQuery, ZodResponse, type AuthUser } from '@atende/sdk-server';
import { UploadInterceptor, uploadedFiles } from '../media/upload.interceptor.js';
import { checkUpload } from '../media/upload-policy.js';
import { MessagesService } from './messages.service.js';

const issues = (error: z.ZodError) => error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));

/** A ticket's messages over HTTP (the rules are MessagesService's). */
@Controller('messages')
export class MessagesController {
  constructor(private readonly messages: MessagesService) {}

  /**
   * The whole conversation with this ticket's contact on its connection: the messages of every
   * ticket of that contact and connection the user may see. Newest page first, oldest first inside a
   * page. Opening clears the unread count.
   */
  @Get(':ticketId')
  @ZodResponse(messagePageSchema)
  page(
    @ZodParam('ticketId', idParamSchema) ticketId: number,
    @ZodQuery(messagePageQuerySchema) q: z.infer<typeof messagePageQuerySchema>,
    @CurrentUser() user: AuthUser,
  ) {
    return this.messages.page(user, ticketId, q);
  }

  /** The agent is looking at the ticket while the customer writes: the unread count goes back to 0. */
  @Post(':ticketId/read')
  @HttpCode(204)
  markRead(@ZodParam('ticketId', idParamSchema) ticketId: number, @CurrentUser() user: AuthUser): Promise<void> {
    return this.messages.markRead(user, ticketId);
  }

  /**
   * JSON `{body, quotedMsgId?, sign?, quickMessageId?}` answers the message; multipart (files in
   * `medias`, optional `body` caption, `quotedMsgId`, `sign`) answers one message per file. Files are
   * checked before anything is stored; audio becomes an OGG/Opus voice note.
   */
  @Post(':ticketId')
  @UseInterceptors(UploadInterceptor('medias', MEDIA_LIMITS.filesPerMessage))
  @ZodResponse(z.union([messageSchema, z.array(messageSchema)]))
  send(@ZodParam('ticketId', idParamSchema) ticketId: number, @Body() raw: unknown, @Req() req: Request, @CurrentUser() user: AuthUser) {
    const multipart = !!req.is('multipart/form-data');
    const files = uploadedFiles(req);
    const parsed = multipart ? sendMediaFieldsSchema.safeParse(raw ?? {}) : sendMessageSchema.safeParse(raw);
    if (!parsed.success) throw AppError.validation(issues(parsed.error));
    if (multipart && !files.length && !parsed.data.body.trim()) throw AppError.validation([{ path: 'medias', message: 'required' }]);
    return this.messages.send(user, ticketId, parsed.data, multipart ? files.map(checkUpload) : null);
  }

  /** Edits an own text message for everyone (Baileys edit); media and deleted messages cannot be edited. */
  @Put(':id')
  @ZodResponse(messageSchema)
  edit(@ZodParam('id', idParamSchema) id: number, @ZodBody(editMessageSchema) body: z.infer<typeof editMessageSchema>, @CurrentUser() user: AuthUser) {
    return this.messages.edit(user, id, body);
  }

  /** Deletes an own message for everyone (core-operations §2: delete is offered for own messages only). */
  @Delete(':id')
  @HttpCode(204)
  remove(@ZodParam('id', idParamSchema) id: number, @CurrentUser() user: AuthUser): Promise<void> {
    return this.messages.remove(user, id);
  }
}
