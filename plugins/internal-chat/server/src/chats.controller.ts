import { Controller, Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import { z } from 'zod';
import { CurrentUser, RequirePermission, ZodBody, ZodParam, ZodQuery, ZodResponse, type AuthUser } from '@atende/sdk-server';
import {
  chatInputSchema,
  chatListQuerySchema,
  chatMessageInputSchema,
  chatMessagePageSchema,
  chatMessageSchema,
  chatMessagesQuerySchema,
  chatPageSchema,
  chatReadSchema,
  chatSchema,
  chatUpdateSchema,
  type Chat,
  type ChatMessage,
  type ChatMessagePage,
  type ChatPage,
} from '@atende/plugin-internal-chat-contract';
import { ChatsService, type ChatRef } from './chats.service.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `:id` is the chat's number or its uuid (the web opens /chats/{uuid}). */
const refSchema = z.string().transform((v, ctx): ChatRef => {
  if (/^\d{1,10}$/.test(v) && Number(v) > 0 && Number(v) <= 2_147_483_647) return { id: Number(v) };
  if (UUID.test(v)) return { uuid: v.toLowerCase() };
  ctx.addIssue({ code: 'custom', message: 'invalid_id' });
  return z.NEVER;
});

/** Served under /api/chats. The kernel checks sign-in, the plan flag (useInternalChat) and the permission; the service checks participants and owner. */
@Controller('chats')
export class ChatsController {
  constructor(private readonly chats: ChatsService) {}

  @Get()
  @RequirePermission('internal-chat:use')
  @ZodResponse(chatPageSchema)
  page(@CurrentUser() user: AuthUser, @ZodQuery(chatListQuerySchema) q: z.infer<typeof chatListQuerySchema>): Promise<ChatPage> {
    return this.chats.page(user, q.searchParam, q.pageNumber);
  }

  @Get(':id')
  @RequirePermission('internal-chat:use')
  @ZodResponse(chatSchema)
  show(@CurrentUser() user: AuthUser, @ZodParam('id', refSchema) ref: ChatRef): Promise<Chat> {
    return this.chats.show(user, ref);
  }

  @Post()
  @RequirePermission('internal-chat:use')
  @ZodResponse(chatSchema)
  create(@CurrentUser() user: AuthUser, @ZodBody(chatInputSchema) body: z.infer<typeof chatInputSchema>): Promise<Chat> {
    return this.chats.create(user, body);
  }

  @Put(':id')
  @RequirePermission('internal-chat:use')
  @ZodResponse(chatSchema)
  update(@CurrentUser() user: AuthUser, @ZodParam('id', refSchema) ref: ChatRef, @ZodBody(chatUpdateSchema) body: z.infer<typeof chatUpdateSchema>): Promise<Chat> {
    return this.chats.update(user, ref, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequirePermission('internal-chat:use')
  async remove(@CurrentUser() user: AuthUser, @ZodParam('id', refSchema) ref: ChatRef): Promise<void> {
    await this.chats.remove(user, ref);
  }

  @Post(':id/read')
  @HttpCode(200)
  @RequirePermission('internal-chat:use')
  @ZodResponse(chatSchema)
  read(@CurrentUser() user: AuthUser, @ZodParam('id', refSchema) ref: ChatRef, @ZodBody(chatReadSchema) body: z.infer<typeof chatReadSchema>): Promise<Chat> {
    return this.chats.markRead(user, ref, body.userId);
  }

  @Get(':id/messages')
  @RequirePermission('internal-chat:use')
  @ZodResponse(chatMessagePageSchema)
  messages(@CurrentUser() user: AuthUser, @ZodParam('id', refSchema) ref: ChatRef, @ZodQuery(chatMessagesQuerySchema) q: z.infer<typeof chatMessagesQuerySchema>): Promise<ChatMessagePage> {
    return this.chats.messages(user, ref, q.pageNumber);
  }

  @Post(':id/messages')
  @RequirePermission('internal-chat:use')
  @ZodResponse(chatMessageSchema)
  send(@CurrentUser() user: AuthUser, @ZodParam('id', refSchema) ref: ChatRef, @ZodBody(chatMessageInputSchema) body: z.infer<typeof chatMessageInputSchema>): Promise<ChatMessage> {
    return this.chats.send(user, ref, body.message);
  }
}
