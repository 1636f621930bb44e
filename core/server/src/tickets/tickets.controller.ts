import { Body, Controller, Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import { z } from 'zod';
import {
  idParamSchema,
  messagePageSchema,
  messageSchema,
  sendMessageSchema,
  ticketCreateSchema,
  ticketListQuerySchema,
  ticketPageSchema,
  ticketSchema,
  ticketUpdateSchema,
} from '@atende/core-contract';
import { AppError, CurrentUser, RequirePermission, ZodBody, ZodParam, ZodQuery, ZodResponse, type AuthUser } from '@atende/sdk-server';
import { EntityManager } from '@mikro-orm/postgresql';
import { ContactSchema, MessageSchema, WhatsappSchema } from '../database/channel-entities.js';
import { UserSchema } from '../database/entities.js';
import { SessionManager } from '../connections/session-manager.js';
import { OutboundService } from '../messages/outbound.service.js';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';
import { toMessageDto } from './ticket-dto.js';
import { TicketsService } from './tickets.service.js';
import { TicketTimersService } from './ticket-timers.service.js';

const MESSAGES_PAGE = 30;

@Controller('tickets')
export class TicketsController {
  constructor(private readonly tickets: TicketsService) {}

  @Get()
  @ZodResponse(ticketPageSchema)
  page(@ZodQuery(ticketListQuerySchema) q: z.infer<typeof ticketListQuerySchema>, @CurrentUser() user: AuthUser) {
    return this.tickets.page(user, q);
  }

  @Post()
  @ZodResponse(ticketSchema)
  create(@ZodBody(ticketCreateSchema) body: z.infer<typeof ticketCreateSchema>, @CurrentUser() user: AuthUser) {
    return this.tickets.create(user, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequirePermission('ticket-options:deleteTicket')
  async remove(@ZodParam('id', idParamSchema) id: number, @CurrentUser() user: AuthUser): Promise<void> {
    await this.tickets.remove(user, id);
  }

  @Get('u/:uuid')
  @ZodResponse(ticketSchema)
  async byUuid(@ZodParam('uuid', z.string().uuid()) uuid: string, @CurrentUser() user: AuthUser) {
    return this.tickets.dto(await this.tickets.get(user, { uuid }));
  }

  @Get(':id')
  @ZodResponse(ticketSchema)
  async show(@ZodParam('id', idParamSchema) id: number, @CurrentUser() user: AuthUser) {
    return this.tickets.dto(await this.tickets.get(user, { id }));
  }

  @Put(':id')
  @ZodResponse(ticketSchema)
  update(@ZodParam('id', idParamSchema) id: number, @ZodBody(ticketUpdateSchema) body: z.infer<typeof ticketUpdateSchema>, @CurrentUser() user: AuthUser) {
    return this.tickets.update(user, id, body);
  }
}

@Controller('messages')
export class MessagesController {
  constructor(
    private readonly tickets: TicketsService,
    private readonly em: EntityManager,
    private readonly outbound: OutboundService,
    private readonly realtime: RealtimeGateway,
    private readonly sessions: SessionManager,
    private readonly timers: TicketTimersService,
  ) {}

  /** A page of messages (newest pages later), oldest first within the page; opening it clears the unread count. */
  @Get(':ticketId')
  @ZodResponse(messagePageSchema)
  async page(
    @ZodParam('ticketId', idParamSchema) ticketId: number,
    @ZodQuery(z.object({ pageNumber: z.coerce.number().int().min(1).max(100000).default(1) })) q: { pageNumber: number },
    @CurrentUser() user: AuthUser,
  ) {
    const ticket = await this.tickets.get(user, { id: ticketId });
    const rows = await this.em.find(MessageSchema, { ticketId }, { orderBy: { id: 'desc' }, limit: MESSAGES_PAGE + 1, offset: (q.pageNumber - 1) * MESSAGES_PAGE });
    if (ticket.unreadMessages) {
      ticket.unreadMessages = 0;
      await this.em.flush();
      this.realtime.toTicketAudience(ticket, 'ticket', { action: 'updateUnread', ticketId: ticket.id });
    }
    return { messages: rows.slice(0, MESSAGES_PAGE).reverse().map(toMessageDto), ticket: await this.tickets.dto(ticket), hasMore: rows.length > MESSAGES_PAGE };
  }

  @Post(':ticketId')
  @ZodResponse(messageSchema)
  async send(
    @ZodParam('ticketId', idParamSchema) ticketId: number,
    @Body() raw: unknown,
    @CurrentUser() user: AuthUser,
  ) {
    const body = sendMessageSchema.safeParse(raw);
    if (!body.success) throw AppError.validation(body.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
    const ticket = await this.tickets.get(user, { id: ticketId });
    // Only an open ticket takes replies (core-operations §2: the input is disabled otherwise).
    if (ticket.status !== 'open') throw new AppError('ERR_NO_PERMISSION', 403, 'Accept or reopen the ticket before replying.');
    const whatsapp = await this.em.findOneOrFail(WhatsappSchema, { id: ticket.whatsappId });
    if (whatsapp.status !== 'CONNECTED') throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400);
    if (body.data.quotedMsgId && !(await this.em.findOne(MessageSchema, { id: body.data.quotedMsgId, ticketId }))) {
      throw AppError.notFound('ERR_NOT_FOUND', 'Quoted message not found in this ticket.');
    }
    const author = body.data.sign ? await this.em.findOneOrFail(UserSchema, { id: user.id }) : null;
    const text = author ? `*${author.name}*:\n${body.data.body}` : body.data.body;
    const id = await this.outbound.queueText(ticket, text, user.id, body.data.quotedMsgId);
    await this.timers.arm(ticket, false); // an agent's reply is activity too
    return toMessageDto(await this.em.findOneOrFail(MessageSchema, { id }, { refresh: true }));
  }

  /** Deletes an own message for everyone (core-operations §2: delete is offered for own messages only). */
  @Delete(':id')
  @HttpCode(204)
  async remove(@ZodParam('id', idParamSchema) id: number, @CurrentUser() user: AuthUser): Promise<void> {
    const message = await this.em.findOne(MessageSchema, { id });
    if (!message) throw AppError.notFound('ERR_NOT_FOUND');
    const ticket = await this.tickets.get(user, { id: message.ticketId });
    if (!message.fromMe || message.userId !== user.id) throw AppError.forbidden('Only your own messages can be deleted.');
    if (message.providerMessageId) {
      const contact = await this.em.findOneOrFail(ContactSchema, { id: ticket.contactId });
      try {
        await this.sessions.sessionOf(ticket.whatsappId).delete(contact.number, message.providerMessageId);
      } catch {
        throw new AppError('ERR_DELETE_WAPP_MSG', 400);
      }
    }
    message.isDeleted = true;
    await this.em.flush();
    this.realtime.toTicketAudience(ticket, 'appMessage', { action: 'update', message: toMessageDto(message) });
  }
}
