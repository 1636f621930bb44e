import { Inject, Injectable, Logger } from '@nestjs/common';
import type { z } from 'zod';
import type { editMessageSchema, messagePageQuerySchema } from '@atende/core-contract';
import { AppError, type AuthUser } from '@atende/sdk-server';
import { EntityManager } from '@mikro-orm/postgresql';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { WhatsappSchema } from '../connections/whatsapp.entity.js';
import { ContactSchema } from '../contacts/contact.entity.js';
import { MessageSchema, type Message } from './message.entity.js';
import { QuickMessageSchema, type QuickMessage } from './quick-message.entity.js';
import { quickAttachmentKind } from './quick-attachment.js';
import type { Ticket } from '../tickets/ticket.entity.js';
import { UserSchema } from '../users/user.entity.js';
import { SessionManager } from '../connections/session-manager.js';
import { MediaStore } from '../media/media-store.js';
import { mediaKindOf, type CheckedUpload } from '../media/upload-policy.js';
import { ffmpegPath } from '../media/voice-note.js';
import { keepUpload } from '../media/keep-upload.js';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';
import { toMessageDto } from '../tickets/ticket-dto.js';
import { TicketsService } from '../tickets/tickets.service.js';
import { TicketTimersService } from '../tickets/ticket-timers.service.js';
import { OutboundService, type OutboundDraft } from './outbound.service.js';
import { ticketRowDto, type Exec } from '../tickets/ticket-dto-sql.js';
import { ticketByIdSql } from '../tickets/ticket-list-query.js';
import { preparedRows } from '../database/prepared.js';
import { MESSAGES_PAGE, messagePageSql, messageRowDto } from './message-page-sql.js';
import { visibleTicketIds } from '../tickets/ticket-visibility.js';

/** What an agent sends: a text (maybe signed, quoting, with a quick message's file) or files with a caption. */
export interface AgentSend {
  body: string;
  quotedMsgId?: number;
  sign: boolean;
  quickMessageId?: number;
}

/**
 * A ticket's messages as agents work them (issue 11 item 4: the rules out of the controller): the
 * conversation page, reading, sending text, files and quick messages, editing and deleting own
 * messages on the phone. Runs in a request (its EntityManager carries the caller's tenant filter).
 */
@Injectable()
export class MessagesService {
  private readonly ffmpeg: string;

  private readonly logger = new Logger('Messages');

  constructor(
    private readonly tickets: TicketsService,
    private readonly em: EntityManager,
    private readonly outbound: OutboundService,
    private readonly realtime: RealtimeGateway,
    private readonly sessions: SessionManager,
    private readonly timers: TicketTimersService,
    private readonly media: MediaStore,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.ffmpeg = ffmpegPath(config.FFMPEG_PATH);
  }

  /**
   * The whole conversation with this ticket's contact on its connection: the messages of every
   * ticket of that contact and connection the user may see (each says its ticketId, so the view draws
   * "conversation started/closed" between tickets). Newest page first, oldest first inside a page.
   * Statements per page (issue 13 item 2): the ticket with its DTO (one), the sibling tickets the user
   * may see (agents only; the viewer comes from the session cache), and the messages with their quoted
   * messages (one). Opening clears the unread count, beside the answer rather than before it.
   */
  async page(user: AuthUser, ticketId: number, q: z.infer<typeof messagePageQuerySchema>) {
    // Read-only and outside any transaction: prepared statements (database/prepared.ts), plain rows.
    const read: Exec = (sql, params) => preparedRows(this.em, sql, params);
    const ticket = ticketByIdSql(user.companyId, ticketId);
    const [row] = await read(ticket.sql, ticket.params);
    if (!row) throw AppError.notFound('ERR_NO_TICKET_FOUND');
    const dto = ticketRowDto(row);
    const viewer = await this.tickets.viewer(user);
    // Who sees every ticket needs no ticket filter: the page is then a plain backward walk of the index.
    let ticketIds: number[] | null = null;
    if (viewer.queueIds) {
      ticketIds = await visibleTicketIds(read, viewer, dto.contactId, dto.whatsappId);
      if (!ticketIds.includes(ticketId)) throw AppError.forbidden();
    }
    const page = messagePageSql(user.companyId, { contactId: dto.contactId, whatsappId: dto.whatsappId, ticketIds }, q);
    const rows = await read(page.sql, page.params);
    const messages = rows.slice(0, MESSAGES_PAGE).reverse().map(messageRowDto);
    if (dto.unreadMessages) {
      // The answer does not wait for the read marks: they go out beside it, and the answer says 0 already.
      void this.clearUnread(user.companyId, ticketId).catch((err: Error) => this.logger.warn(`Unread count of ticket ${ticketId}: ${err.message}`));
    }
    return { messages, ticket: { ...dto, unreadMessages: 0 }, hasMore: rows.length > MESSAGES_PAGE };
  }

  /**
   * The agent is looking at the ticket while the customer writes: the view says so, and the unread
   * count (which the inbound pipeline raised) goes back to 0 for every list showing the ticket.
   */
  async markRead(user: AuthUser, ticketId: number): Promise<void> {
    const ticket = await this.tickets.get(user, { id: ticketId });
    await this.clearUnread(ticket.companyId, ticket.id);
  }

  private exec(): Exec {
    return (sql, params) => this.em.getConnection().execute(sql, params);
  }

  /**
   * Unread back to 0 and the customer's messages marked read, in one statement that also says whether
   * read receipts are on; then the lists hear of it and, with `sendReadReceipts`, the customer's phone.
   */
  private async clearUnread(companyId: number, ticketId: number): Promise<void> {
    const [done] = await this.exec()(
      `with cleared as (
         update tickets set unread_messages = 0, updated_at = now() where id = ? and company_id = ? and unread_messages > 0
         returning id, company_id, queue_id, user_id, contact_id, whatsapp_id),
       marked as (
         update messages set read = true
          where company_id = ? and ticket_id in (select id from cleared) and from_me = false and read = false and provider_message_id is not null
          returning provider_message_id)
       select c.*, (select coalesce(array_agg(provider_message_id), '{}') from marked) as read_ids,
              (select value from settings where company_id = ? and key = 'sendReadReceipts') as receipts
         from cleared c`,
      [ticketId, companyId, companyId, companyId],
    );
    if (!done) return;
    this.realtime.toTicketAudience(
      { id: ticketId, companyId, queueId: done.queue_id as number | null, userId: done.user_id as number | null },
      'ticket',
      { action: 'updateUnread', ticketId },
    );
    const read = (done.read_ids as string[]).filter((id) => !id.startsWith('call-'));
    if (!read.length || done.receipts !== 'enabled') return;
    const [contact] = await this.exec()(`select number from contacts where id = ? and company_id = ?`, [done.contact_id, companyId]);
    if (!contact) return;
    void this.sessions
      .markRead(done.whatsapp_id as number, contact.number as string, read)
      .catch((err: Error) => this.logger.warn(`Read receipts for ticket ${ticketId}: ${err.message}`));
  }

  /**
   * An agent's answer on an open ticket: a text (signed, quoting, or with a quick message's file), or
   * with `uploads` (already checked) one message per file. Returns the stored messages in order.
   */
  async send(user: AuthUser, ticketId: number, input: AgentSend, uploads: CheckedUpload[] | null) {
    const multipart = uploads !== null;
    const ticket = await this.tickets.get(user, { id: ticketId });
    // Only an open ticket takes replies (core-operations §2: the input is disabled otherwise).
    if (ticket.status !== 'open') throw new AppError('ERR_NO_PERMISSION', 403, 'Accept or reopen the ticket before replying.');
    const whatsapp = await this.em.findOneOrFail(WhatsappSchema, { id: ticket.whatsappId });
    // Reconnecting (OPENING, TIMEOUT) still takes replies: they wait in the queue until the session is
    // back (issue 10 item 6). Only a connection that is not running (or not linked) refuses them.
    if (!['CONNECTED', 'OPENING', 'TIMEOUT'].includes(whatsapp.status)) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400);
    if (input.quotedMsgId && !(await this.em.findOne(MessageSchema, { id: input.quotedMsgId, ticketId }))) {
      throw AppError.notFound('ERR_NOT_FOUND', 'Quoted message not found in this ticket.');
    }
    const author = input.sign && input.body.trim() ? await this.em.findOneOrFail(UserSchema, { id: user.id }) : null;
    const text = author ? `*${author.name}*:\n${input.body}` : input.body;
    const base = { userId: user.id, quotedMsgId: input.quotedMsgId };

    let ids: number[];
    if (uploads?.length) {
      ids = await this.sendFiles(ticket, uploads, text, base);
    } else if (input.quickMessageId) {
      const quick = await this.em.findOne(QuickMessageSchema, { $and: [{ id: input.quickMessageId }, { $or: [{ userId: user.id }, { geral: true }] }] });
      if (!quick) throw AppError.notFound('ERR_NOT_FOUND', 'Quick message not found.');
      // A plugin's attachment (a file list) goes after the text and file: its plugin checks it first, so
      // a reply whose attachment is gone or no longer the user's is refused before anything leaves.
      const attachment = quick.attachmentKind && quick.attachmentId != null ? { kind: quickAttachmentKind(quick.attachmentKind), id: quick.attachmentId } : null;
      if (attachment) await attachment.kind.describe(user, attachment.id);
      const media = await this.quickMessageMedia(user, quick, text, !!attachment);
      ids = [];
      if (media || text.trim()) {
        // A voice note carries no caption: the text goes first on its own.
        if (media?.mediaType === 'audio' && text.trim()) ids.push(await this.outbound.queueText(ticket, text, user.id, input.quotedMsgId));
        ids.push(await this.outbound.queue(ticket, { ...base, body: media?.mediaType === 'audio' ? '' : text, media }));
      }
      if (attachment) ids.push(...(await attachment.kind.send(user, ticket.id, attachment.id)).messageIds);
    } else {
      ids = [await this.outbound.queueText(ticket, text, user.id, input.quotedMsgId)];
    }
    await this.timers.arm(ticket, false, whatsapp); // an agent's reply is activity too (connection already read)
    const dtos = await this.dtos(await this.em.find(MessageSchema, { id: { $in: ids } }, { orderBy: { id: 'asc' }, refresh: true }));
    return multipart ? dtos : dtos[0];
  }

  /** Edits an own text message for everyone (Baileys edit); media and deleted messages cannot be edited. */
  async edit(user: AuthUser, id: number, body: z.infer<typeof editMessageSchema>) {
    const { message, ticket } = await this.ownMessage(id, user, 'edited');
    if (message.isDeleted || message.mediaType !== 'chat') throw AppError.validation([{ path: 'id', message: 'not_editable' }], 'Only text messages that were not deleted can be edited.');
    // Not sent yet (no provider id): the queue sends the edited text when its turn comes.
    await this.onPhone(ticket, message, 'ERR_EDIT_WAPP_MSG', (to, pid) => this.sessions.editMessage(ticket.whatsappId, to, pid, body.body));
    message.body = body.body;
    message.isEdited = true;
    await this.em.flush();
    const [dto] = await this.dtos([message]);
    this.realtime.toTicketAudience(ticket, 'appMessage', { action: 'update', message: dto });
    return dto;
  }

  /** Deletes an own message for everyone (core-operations §2: delete is offered for own messages only). */
  async remove(user: AuthUser, id: number): Promise<void> {
    const { message, ticket } = await this.ownMessage(id, user, 'deleted');
    await this.onPhone(ticket, message, 'ERR_DELETE_WAPP_MSG', (to, pid) => this.sessions.deleteMessage(ticket.whatsappId, to, pid));
    message.isDeleted = true;
    await this.em.flush();
    this.realtime.toTicketAudience(ticket, 'appMessage', { action: 'update', message: toMessageDto(message) });
  }

  /**
   * One message per file. The caption rides on the first file that can carry one (audio cannot);
   * with only audio files it goes first as its own text message.
   */
  private async sendFiles(ticket: Ticket, uploads: CheckedUpload[], text: string, base: Pick<OutboundDraft, 'userId' | 'quotedMsgId'>): Promise<number[]> {
    // Convert and store everything first: a bad audio file then refuses the whole send.
    const stored: { url: string; kind: CheckedUpload['kind']; name: string | null }[] = [];
    for (const u of uploads) stored.push(await this.store(ticket.companyId, u));
    const captionAt = text.trim() ? stored.findIndex((s) => s.kind !== 'audio') : -1;
    const ids: number[] = [];
    if (text.trim() && captionAt < 0) ids.push(await this.outbound.queueText(ticket, text, base.userId, base.quotedMsgId));
    for (const [i, s] of stored.entries()) {
      ids.push(await this.outbound.queue(ticket, { ...base, body: i === captionAt ? text : '', media: { url: s.url, mediaType: s.kind, mediaName: s.name } }));
    }
    return ids;
  }

  private async store(companyId: number, u: CheckedUpload): Promise<{ url: string; kind: CheckedUpload['kind']; name: string | null }> {
    return keepUpload(this.media, this.ffmpeg, companyId, u);
  }

  /**
   * A quick message's file, given its own file name so the message outlives later changes to it. With
   * neither file, text nor a plugin's attachment there is nothing to send.
   */
  private async quickMessageMedia(user: AuthUser, quick: QuickMessage, text: string, attached: boolean): Promise<OutboundDraft['media']> {
    if (!quick.mediaPath) {
      if (!text.trim() && !attached) throw AppError.validation([{ path: 'body', message: 'empty_message' }]);
      return undefined;
    }
    const url = await this.media.duplicate(user.companyId, quick.mediaPath);
    const mimetype = this.media.mimetypeOf(url);
    const kind = mediaKindOf(mimetype);
    return { url, mediaType: kind, mediaName: kind === 'audio' ? null : (quick.mediaName ?? null) };
  }

  /** Messages as the API shows them, with their quoted messages loaded in one query. */
  private async dtos(messages: Message[]) {
    const ids = [...new Set(messages.map((m) => m.quotedMsgId).filter((x): x is number => x != null))];
    const quoted = ids.length ? new Map((await this.em.find(MessageSchema, { id: { $in: ids } })).map((m) => [m.id, m])) : new Map<number, Message>();
    return messages.map((m) => toMessageDto(m, m.quotedMsgId ? quoted.get(m.quotedMsgId) : null));
  }

  /** A message of a ticket the user may see (404 / 403 otherwise) that the user sent (403 otherwise). */
  private async ownMessage(id: number, user: AuthUser, verb: 'edited' | 'deleted'): Promise<{ message: Message; ticket: Ticket }> {
    const message = await this.em.findOne(MessageSchema, { id });
    if (!message) throw AppError.notFound('ERR_NOT_FOUND');
    const ticket = await this.tickets.get(user, { id: message.ticketId });
    if (!message.fromMe || message.userId !== user.id) throw AppError.forbidden(`Only your own messages can be ${verb}.`);
    return { message, ticket };
  }

  /** Changes a message already on the customer's phone; a failure there is the given error code. */
  private async onPhone(ticket: Ticket, message: Message, code: 'ERR_EDIT_WAPP_MSG' | 'ERR_DELETE_WAPP_MSG', change: (to: string, providerMessageId: string) => Promise<void>) {
    // Not yet on the phone: an id may be chosen already (issue 28 item 1) while the message waits to leave.
    if (!message.providerMessageId || message.ack < 1) return;
    const contact = await this.em.findOneOrFail(ContactSchema, { id: ticket.contactId });
    try {
      await change(contact.number, message.providerMessageId);
    } catch {
      throw new AppError(code, 400);
    }
  }
}
