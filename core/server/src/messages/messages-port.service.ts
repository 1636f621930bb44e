import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { AppError, type ConversationMessage, type Messages, type SendText } from '@atende/sdk-server';
import { WhatsappSchema } from '../connections/whatsapp.entity.js';
import { TicketSchema, type Ticket } from '../tickets/ticket.entity.js';
import { MediaStore } from '../media/media-store.js';
import { mediaKindOf } from '../media/upload-policy.js';
import { tenantEm } from '../tenancy/tenant-filter.js';
import { TicketsPortService } from '../tickets/tickets-port.service.js';
import { ContactsService } from '../contacts/contacts.service.js';
import { ContactSchema } from '../contacts/contact.entity.js';
import { OutboundService } from './outbound.service.js';
import { SessionManager } from '../connections/session-manager.js';
import { notObserving, outsideChain } from '../inbound/chain-scope.js';

const NUMBER = /^\d{8,15}$/;

interface MessageRow {
  id: number;
  body: string;
  from_me: boolean;
  media_type: string;
  media_url: string | null;
  source: string | null;
  created_at: Date | string;
}
const conversationMessage = (r: MessageRow): ConversationMessage => ({
  id: r.id,
  body: r.body,
  fromMe: r.from_me,
  mediaType: r.media_type,
  mediaUrl: r.media_url,
  source: r.source,
  createdAt: new Date(r.created_at).toISOString(),
});

/** The SDK's Messages port: plugins send through the same outbound queue as agents. */
@Injectable()
export class MessagesPortService implements Messages {
  constructor(
    private readonly orm: MikroORM,
    private readonly outbound: OutboundService,
    private readonly sessions: SessionManager,
    private readonly tickets: TicketsPortService,
    private readonly contacts: ContactsService,
    private readonly files: MediaStore,
  ) {}

  async isOnWhatsApp(companyId: number, whatsappId: number, number: string): Promise<boolean> {
    const digits = number.replace(/\D/g, '');
    if (!NUMBER.test(digits)) throw AppError.validation([{ path: 'number', message: 'invalid_number' }]);
    if (!(await tenantEm(this.orm, companyId).findOne(WhatsappSchema, { id: whatsappId }))) throw AppError.notFound('ERR_NO_WAPP_FOUND');
    return this.sessions.isOnChannel(whatsappId, digits);
  }

  async findSent(companyId: number, source: string, correlationId: string): Promise<{ messageId: number; ticketId: number; whatsappId: number; ack: number } | null> {
    // Raw SQL carries the company; messages_correlation_index answers it.
    const [row] = (await this.orm.em.getConnection().execute(
      `select id, ticket_id, whatsapp_id, ack from messages where company_id = ? and source = ? and correlation_id = ? order by id limit 1`,
      [companyId, source, correlationId],
    )) as { id: number; ticket_id: number; whatsapp_id: number; ack: number }[];
    return row ? { messageId: row.id, ticketId: row.ticket_id, whatsappId: row.whatsapp_id, ack: Number(row.ack) } : null;
  }

  async recent(companyId: number, ticketId: number, limit: number): Promise<ConversationMessage[]> {
    const n = Math.min(100, Math.max(1, Math.floor(limit) || 1));
    if (!(await tenantEm(this.orm, companyId).findOne(TicketSchema, { id: ticketId }))) throw AppError.notFound('ERR_NO_TICKET_FOUND');
    const rows = (await this.orm.em.getConnection().execute(
      `select id, body, from_me, media_type, media_url, source, created_at from messages
        where company_id = ? and ticket_id = ? and is_deleted = false order by id desc limit ?`,
      [companyId, ticketId, n],
    )) as MessageRow[];
    return rows.reverse().map(conversationMessage);
  }

  async get(companyId: number, messageId: number): Promise<(ConversationMessage & { ticketId: number }) | null> {
    const [row] = (await this.orm.em.getConnection().execute(
      `select id, ticket_id, body, from_me, media_type, media_url, source, created_at from messages where company_id = ? and id = ?`,
      [companyId, messageId],
    )) as (MessageRow & { ticket_id: number })[];
    return row ? { ...conversationMessage(row), ticketId: row.ticket_id } : null;
  }

  async sendToTicket(companyId: number, ticketId: number, message: SendText): Promise<{ messageId: number }> {
    outsideChain('Messages.sendToTicket');
    notObserving('Messages.sendToTicket');
    const text = checked(message);
    // The tenant filter makes another company's ticket simply not found.
    const ticket = await tenantEm(this.orm, companyId).findOne(TicketSchema, { id: ticketId });
    if (!ticket) throw AppError.notFound('ERR_NO_TICKET_FOUND');
    return { messageId: await this.send(ticket, text) };
  }

  /**
   * Through the connection's outbound queue, stored first. A file must be one of the company's (the
   * Media port's); a voice note carries no caption, so its text goes first as a message of its own.
   */
  private async send(ticket: Ticket, m: SendText): Promise<number> {
    const base = { userId: null, source: m.source, correlationId: m.correlationId };
    const body = m.body ?? '';
    if (!m.media) return this.outbound.queue(ticket, { ...base, body });
    if (!(await this.files.exists(ticket.companyId, m.media.url))) throw AppError.notFound('ERR_NOT_FOUND', 'No such file of this company.');
    const mediaType = mediaKindOf(this.files.mimetypeOf(m.media.url));
    if (mediaType === 'audio' && body.trim()) await this.outbound.queue(ticket, { ...base, body });
    return this.outbound.queue(ticket, {
      ...base,
      body: mediaType === 'audio' ? '' : body,
      media: { url: m.media.url, mediaType, mediaName: mediaType === 'audio' ? null : (m.media.name?.slice(0, 255) ?? null) },
    });
  }

  async sendToNumber(companyId: number, to: { whatsappId: number; number: string; name?: string }, message: SendText): Promise<{ messageId: number; ticketId: number }> {
    outsideChain('Messages.sendToNumber');
    notObserving('Messages.sendToNumber');
    const text = checked(message);
    const number = to.number.replace(/\D/g, '');
    if (!NUMBER.test(number)) throw AppError.validation([{ path: 'number', message: 'invalid_number' }]);
    const em = tenantEm(this.orm, companyId);
    if (!(await em.findOne(WhatsappSchema, { id: to.whatsappId }))) throw AppError.notFound('ERR_NO_WAPP_FOUND');
    const [contact] = await em.getConnection().execute(
      `insert into contacts (company_id, name, number, is_group, whatsapp_id) values (?, ?, ?, false, ?)
       on conflict (company_id, number) do update set updated_at = now() returning id, (xmax = 0) as inserted`,
      [companyId, to.name?.trim().slice(0, 100) || number, number, to.whatsappId],
    );
    // A new contact is announced like any other (contact.upserted, the contacts screen).
    if (contact.inserted) this.contacts.announce(await em.findOneOrFail(ContactSchema, { id: contact.id as number }), true);
    const opened = await this.tickets.openFor(companyId, { contactId: contact.id as number, whatsappId: to.whatsappId });
    const ticketId = opened.ticket.id;
    const ticket = await em.findOneOrFail(TicketSchema, { id: ticketId });
    return { messageId: await this.send(ticket, text), ticketId };
  }
}

function checked(m: SendText): SendText {
  if (!m.body?.trim() && !m.media) throw AppError.validation([{ path: 'body', message: 'required' }]);
  if (m.media && typeof m.media.url !== 'string') throw AppError.validation([{ path: 'media.url', message: 'required' }]);
  if ((m.body ?? '').length > 4096) throw AppError.validation([{ path: 'body', message: 'too_long' }]);
  if (!/^[a-z][a-z0-9-]*$/.test(m.source ?? '')) throw AppError.validation([{ path: 'source', message: 'plugin_id_required' }]);
  if (m.correlationId !== undefined && m.correlationId.length > 100) throw AppError.validation([{ path: 'correlationId', message: 'too_long' }]);
  return m;
}
