import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { AppError, BULK_SEND_MAX, type BulkRecipient, type BulkSendResult, type ConversationMessage, type Messages, type SendText } from '@atende/sdk-server';
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
import { SOLE_QUEUE_SQL } from '../tickets/active-ticket.js';
import { loadTickets } from '../tickets/ticket-dto-sql.js';
import { DomainEventsService } from '../events/domain-events.service.js';
import { MessageSchema } from './message.entity.js';
import { BULK_CONTACTS_SQL, BULK_LAST_MESSAGE_SQL, BULK_MESSAGES_SQL, bulkTicketsSql, planBulkSend } from './bulk-send.js';

/** Advisory-lock class of bulk sends: one at a time per connection, so a correlation id is stored once. */
const BULK_LOCK = 0x62756c6b;

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
    private readonly events: DomainEventsService,
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

  async sendToNumbers(
    companyId: number,
    whatsappId: number,
    recipients: readonly BulkRecipient[],
    common: { source: string; media?: { url: string; name?: string } },
  ): Promise<BulkSendResult[]> {
    outsideChain('Messages.sendToNumbers');
    notObserving('Messages.sendToNumbers');
    if (!/^[a-z][a-z0-9-]*$/.test(common.source ?? '')) throw AppError.validation([{ path: 'source', message: 'plugin_id_required' }]);
    if (recipients.length > BULK_SEND_MAX) throw AppError.validation([{ path: 'recipients', message: 'too_many' }]);
    const em = tenantEm(this.orm, companyId);
    if (!(await em.findOne(WhatsappSchema, { id: whatsappId }))) throw AppError.notFound('ERR_NO_WAPP_FOUND');
    let media: { url: string; mediaType: 'image' | 'audio' | 'video' | 'application'; mediaName: string | null } | null = null;
    if (common.media) {
      if (typeof common.media.url !== 'string' || !(await this.files.exists(companyId, common.media.url))) throw AppError.notFound('ERR_NOT_FOUND', 'No such file of this company.');
      const mediaType = mediaKindOf(this.files.mimetypeOf(common.media.url));
      media = { url: common.media.url, mediaType, mediaName: mediaType === 'audio' ? null : (common.media.name?.slice(0, 255) ?? null) };
    }
    const { planned, errors } = planBulkSend(recipients, media ? (media.mediaType === 'audio' ? 'audio' : 'other') : null);
    const results: BulkSendResult[] = recipients.map((_, i) => ({ error: errors.get(i) ?? 'not_sent' }));
    if (!planned.length) return results;

    const stored = await this.orm.em.fork().transactional(async (tx) => {
      const exec = (sql: string, params: unknown[]) => tx.getConnection().execute(sql, params, 'all', tx.getTransactionContext()) as Promise<Record<string, unknown>[]>;
      await exec(`select pg_advisory_xact_lock(?, ?)`, [BULK_LOCK, whatsappId]);
      // Stored once: what an earlier call already stored under these correlation ids is answered, not stored again.
      const earlier = new Map<string, { messageId: number; ticketId: number }>();
      for (const r of await exec(
        `select distinct on (correlation_id) correlation_id, id, ticket_id from messages
          where company_id = ? and source = ? and correlation_id in (${planned.map(() => '?').join(', ')}) and correlation_id is not null and not is_deleted
          order by correlation_id, id desc`,
        [companyId, common.source, ...planned.map((p) => p.correlationId)],
      )) {
        earlier.set(r.correlation_id as string, { messageId: r.id as number, ticketId: r.ticket_id as number });
      }
      for (const p of planned) {
        const e = earlier.get(p.correlationId);
        if (e) results[p.index] = { ...e, already: true };
      }
      // A correlation id given twice in one call is stored once too (the first).
      const seen = new Set<string>();
      const fresh = planned.filter((p) => !earlier.has(p.correlationId) && !seen.has(p.correlationId) && seen.add(p.correlationId));
      if (!fresh.length) return { messages: [] as number[], tickets: [] as number[], contacts: [] as number[] };

      const contacts = await exec(BULK_CONTACTS_SQL, [companyId, whatsappId, JSON.stringify(fresh.map((p) => ({ number: p.number, name: p.name })))]);
      const contactOf = new Map(contacts.map((c) => [c.number as string, c]));
      const created = await exec(bulkTicketsSql(SOLE_QUEUE_SQL), [
        companyId,
        whatsappId,
        companyId,
        whatsappId,
        JSON.stringify(contacts.map((c) => ({ id: c.id, is_group: !!c.is_group }))),
        companyId,
        whatsappId,
      ]);
      const active = await exec(
        `select id, contact_id from tickets where company_id = ? and whatsapp_id = ? and status in ('pending', 'open') and contact_id in (${contacts.map(() => '?').join(', ')})`,
        [companyId, whatsappId, ...contacts.map((c) => c.id)],
      );
      const ticketOf = new Map(active.map((t) => [t.contact_id as number, t.id as number]));
      const rows = fresh.flatMap((p) => {
        const contactId = contactOf.get(p.number)!.id as number;
        return p.rows.map((r) => ({ p, contactId, ticketId: ticketOf.get(contactId)!, ...r }));
      });
      const inserted = await exec(BULK_MESSAGES_SQL, [
        companyId,
        whatsappId,
        common.source,
        JSON.stringify(
          rows.map((r, ord) => ({
            ord,
            ticket_id: r.ticketId,
            contact_id: r.contactId,
            body: r.body,
            media_type: r.media ? media!.mediaType : 'chat',
            media_url: r.media ? media!.url : null,
            media_name: r.media ? media!.mediaName : null,
            correlation_id: r.p.correlationId,
          })),
        ),
      ]);
      // The last row stored per ticket gives its preview, as a single send's store() does.
      const byId = [...inserted].sort((a, b) => (a.id as number) - (b.id as number));
      const preview = new Map<number, string>();
      for (const m of byId) {
        const text = (m.body as string) || (m.media_type !== 'chat' ? ((m.media_name as string | null) ?? `[${m.media_type as string}]`) : '');
        preview.set(m.ticket_id as number, text.slice(0, 255));
      }
      await exec(BULK_LAST_MESSAGE_SQL, [JSON.stringify([...preview].map(([id, text]) => ({ id, preview: text }))), companyId]);
      // Per recipient, its last message (a voice note's, after its text).
      const last = new Map<string, { messageId: number; ticketId: number }>();
      for (const m of byId) last.set(m.correlation_id as string, { messageId: m.id as number, ticketId: m.ticket_id as number });
      for (const p of planned) if (!earlier.has(p.correlationId)) results[p.index] = { ...last.get(p.correlationId)!, already: !fresh.includes(p) };
      return {
        messages: byId.map((m) => m.id as number),
        tickets: created.map((t) => t.id as number),
        contacts: contacts.filter((c) => c.inserted).map((c) => c.id as number),
      };
    });
    if (stored.messages.length) await this.announceBulk(companyId, whatsappId, stored);
    return results;
  }

  async withdraw(companyId: number, source: string, correlationIds: readonly string[]): Promise<string[]> {
    if (!correlationIds.length) return [];
    const em = this.orm.em.fork();
    const exec = (sql: string, params: unknown[]) => em.getConnection().execute(sql, params) as Promise<Record<string, unknown>[]>;
    const unsent = await exec(
      `select id, whatsapp_id, correlation_id from messages
        where company_id = ? and source = ? and correlation_id in (${correlationIds.map(() => '?').join(', ')}) and ack = 0 and not is_deleted`,
      [companyId, source, ...correlationIds],
    );
    // Only a message whose job could be removed (waiting or delayed, not running) is taken back; a job
    // already gone (the sweep re-queues such a message) is taken back too — the sweep skips deleted ones.
    const removable: number[] = [];
    for (let i = 0; i < unsent.length; i += 200) {
      await Promise.all(
        unsent.slice(i, i + 200).map(async (m) => {
          if (await this.outbound.unqueue(m.whatsapp_id as number, m.id as number)) removable.push(m.id as number);
        }),
      );
    }
    if (!removable.length) return [];
    const taken = await exec(
      `update messages set is_deleted = true, updated_at = now() where company_id = ? and id in (${removable.map(() => '?').join(', ')}) and ack = 0 returning id, correlation_id`,
      [companyId, ...removable],
    );
    await this.showWithdrawn(
      companyId,
      taken.map((r) => r.id as number),
    ).catch(() => undefined);
    return taken.map((r) => r.correlation_id as string);
  }

  /** Withdrawn messages on their tickets' screens as deleted ones are shown (`appMessage` update). */
  private async showWithdrawn(companyId: number, ids: number[]): Promise<void> {
    if (!ids.length) return;
    const em = tenantEm(this.orm, companyId);
    const messages = await em.find(MessageSchema, { id: { $in: ids } });
    const tickets = new Map((await em.find(TicketSchema, { id: { $in: [...new Set(messages.map((m) => m.ticketId))] } })).map((t) => [t.id, t]));
    for (const m of messages) {
      const ticket = tickets.get(m.ticketId);
      if (ticket) this.outbound.showUpdate(ticket, m);
    }
  }

  /**
   * After a bulk send committed: its messages queued on the connection (one call; the outbound sweep
   * queues what a crash right here leaves stored but unqueued), then told as single sends tell them:
   * new contacts (contact.upserted), new tickets (ticket.created and the lists), each message on its
   * ticket's screens.
   */
  private async announceBulk(companyId: number, whatsappId: number, stored: { messages: number[]; tickets: number[]; contacts: number[] }): Promise<void> {
    await this.outbound.enqueueMany(companyId, whatsappId, stored.messages);
    const em = tenantEm(this.orm, companyId);
    if (stored.contacts.length) for (const c of await em.find(ContactSchema, { id: { $in: stored.contacts } })) this.contacts.announce(c, true);
    const messages = await em.find(MessageSchema, { id: { $in: stored.messages } }, { orderBy: { id: 'asc' } });
    const ticketIds = [...new Set(messages.map((m) => m.ticketId))];
    const loaded = await loadTickets((sql, params) => em.getConnection().execute(sql, params), companyId, ticketIds);
    const dtoOf = new Map(loaded.map((t) => [t.dto.id, t.dto]));
    const fresh = new Set(stored.tickets);
    for (const id of stored.tickets) {
      const dto = dtoOf.get(id);
      if (dto) this.events.ticketCreated({ id, companyId, contactId: dto.contactId, whatsappId, status: dto.status, queueId: dto.queueId ?? null, userId: dto.userId ?? null });
    }
    for (const m of messages) {
      const dto = dtoOf.get(m.ticketId);
      if (!dto) continue;
      // A new ticket is shown once, before its first message.
      if (fresh.delete(m.ticketId)) this.outbound.showTicket(companyId, dto);
      this.outbound.showMessage(companyId, dto, m);
    }
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
