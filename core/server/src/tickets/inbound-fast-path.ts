import type { InboundMessage } from '@atende/sdk-server';
import { heldSql } from '../inbound/ticket-holder.js';
import { tagListSql } from './ticket-dto-sql.js';

/** One inbound message offered to the fast path. */
export interface FastPathInput {
  companyId: number;
  whatsappId: number;
  message: InboundMessage;
  mediaUrl: string | undefined;
  /** Whether a held closed ticket (a rating request) may take it: then the fast path must not. */
  mayBeHeld: boolean;
}

/**
 * Stored on the contact's active ticket (the ticket row with the DTO's joins, and the message row);
 * 'replay' for a message stored before; `{ contactCreated }` when the fast path does not apply
 * (nothing stored but the contact, which the slow path then finds).
 */
export type FastPathResult = { ticketRow: Record<string, unknown>; messageRow: Record<string, unknown> } | 'replay' | { contactCreated: boolean };

export type RunRows = (sql: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

/** When an inbound message's contact already exists, a reported name replaces one that is still the bare number (or a group's). */
export const CONTACT_NAME_ON_CONFLICT = `on conflict (company_id, number) do update set
    name = case when excluded.name <> excluded.number and (contacts.name = contacts.number or contacts.is_group) then excluded.name else contacts.name end,
    updated_at = now()`;

/** The contact's display name as an inbound message gives it. */
export const contactName = (m: InboundMessage, number: string) => (m.isGroup ? m.chatName?.trim().slice(0, 100) || m.chatId : m.fromName?.trim() || number);
/** The contact number of a message's conversation: the group's id for a group. */
export const contactNumber = (m: InboundMessage) => (m.isGroup ? m.chatId : m.from);

/** The ticket's lastMessage for a message (a placeholder for media without caption). */
export const lastMessageOf = (m: InboundMessage, mediaUrl: string | null | undefined) => (m.body || (mediaUrl ? `[${m.mediaType}]` : '')).slice(0, 255);

/** A message row as `to_json` gives it: timestamps come as text, the entity wants dates. */
export function messageRowOf(json: unknown): Record<string, unknown> {
  const message = (typeof json === 'string' ? JSON.parse(json) : json) as Record<string, unknown>;
  for (const k of ['created_at', 'updated_at']) if (typeof message[k] === 'string') message[k] = new Date(message[k] as string);
  return message;
}

/** Columns of the input, in the order of the arrays FAST_PATH_SQL takes. */
const INPUT = [
  ['ord', 'int'],
  ['company_id', 'int'],
  ['name', 'text'],
  ['number', 'text'],
  ['is_group', 'boolean'],
  ['whatsapp_id', 'int'],
  ['may_be_held', 'boolean'],
  ['provider_message_id', 'text'],
  ['body', 'text'],
  ['from_me', 'boolean'],
  ['media_type', 'text'],
  ['media_url', 'text'],
  ['created_at', 'timestamptz'],
  ['simulated', 'boolean'],
  ['participant', 'text'],
  ['participant_name', 'text'],
  ['quoted_id', 'text'],
  ['last_message', 'text'],
  ['unread', 'int'],
] as const;

/**
 * The common case for MANY messages in ONE statement (atomic by itself; issue 13 item 1): each
 * message's contact upserted, its active ticket, the message stored once per provider id, the ticket's
 * counters, returning per message the updated ticket with its DTO's joins and the message row. The
 * input is one array per column (one prepared statement whatever the batch size). A message applies
 * when its contact has an active ticket on the connection and no closed ticket of theirs there is held
 * (a rating request would take it). Each contact (company + number) appears at most once per
 * statement, in (company, number) order so that concurrent statements lock contacts in one order.
 * No `*` in what it returns (see database/prepared.ts). The quoted message (item 20) is looked up on
 * the same connection AND the same contact.
 */
export const FAST_PATH_SQL = `with i as (
    select * from unnest(${INPUT.map(([, type]) => `array[?]::${type}[]`).join(', ')}) as i(${INPUT.map(([name]) => name).join(', ')})
  ), c as (
    insert into contacts (company_id, name, number, is_group, whatsapp_id)
    select company_id, name, number, is_group, whatsapp_id from i order by company_id, number
    ${CONTACT_NAME_ON_CONFLICT}
    returning id, company_id, name, number, profile_pic_url, (xmax = 0) as inserted
  ), ic as (
    select i.*, c.id as contact_id, c.inserted, c.name as contact_name, c.number as contact_number, c.profile_pic_url as contact_pic
      from i join c on c.company_id = i.company_id and c.number = i.number
  ), t as (
    select ic.ord, t.id as ticket_id
      from ic join tickets t on t.contact_id = ic.contact_id and t.company_id = ic.company_id and t.whatsapp_id = ic.whatsapp_id
     where t.status in ('pending', 'open')
       and not (ic.may_be_held and exists (select 1 from tickets h where h.contact_id = ic.contact_id and h.whatsapp_id = ic.whatsapp_id
                                              and h.company_id = ic.company_id and h.status = 'closed' and ${heldSql('h')}))
  ), m as (
    insert into messages (company_id, ticket_id, contact_id, whatsapp_id, provider_message_id, body, from_me, media_type, media_url, created_at,
                          simulated, participant, participant_name, quoted_msg_id, ack)
    select ic.company_id, t.ticket_id, ic.contact_id, ic.whatsapp_id, ic.provider_message_id, ic.body, ic.from_me, ic.media_type, ic.media_url, ic.created_at,
           ic.simulated, ic.participant, ic.participant_name,
           (select q.id from messages q where q.whatsapp_id = ic.whatsapp_id and q.provider_message_id = ic.quoted_id and q.contact_id = ic.contact_id and q.company_id = ic.company_id),
           -- our own message typed on the phone has left already (see inboundAck in inbound.service.ts)
           case when ic.from_me then 1 else 0 end
      from ic join t on t.ord = ic.ord
    order by ic.ord
    on conflict (whatsapp_id, provider_message_id) where provider_message_id is not null do nothing
    returning *
  ), u as (
    update tickets tk set last_message = ic.last_message, unread_messages = tk.unread_messages + ic.unread, updated_at = now()
      from m join ic on ic.whatsapp_id = m.whatsapp_id and ic.provider_message_id = m.provider_message_id
     where tk.company_id = m.company_id and tk.id = m.ticket_id
    returning ic.ord as u_ord, tk.id, tk.uuid, tk.company_id, tk.status, tk.contact_id, tk.whatsapp_id, tk.queue_id, tk.user_id, tk.unread_messages,
              tk.last_message, tk.is_group, tk.created_at, tk.updated_at, tk.holder, tk.held_until, tk.bot_started_at,
              tk.use_integration, tk.automation_plugin, tk.automation_ref
  )
  select ic.ord, t.ticket_id as fast_ticket_id, to_json(m) as message_row,
         u.id, u.uuid, u.company_id, u.status, u.contact_id, u.whatsapp_id, u.queue_id, u.user_id, u.unread_messages, u.last_message,
         u.is_group, u.created_at, u.updated_at, u.holder, u.held_until, u.bot_started_at,
         u.use_integration, u.automation_plugin, u.automation_ref, ic.inserted as contact_inserted,
         ic.contact_name, ic.contact_number, ic.contact_pic,
         q.name as queue_name, q.color as queue_color, us.name as user_name, ${tagListSql('u')} as tag_list
    from ic left join t on t.ord = ic.ord
    left join m on m.whatsapp_id = ic.whatsapp_id and m.provider_message_id = ic.provider_message_id
    left join u on u.u_ord = ic.ord
    left join queues q on q.id = u.queue_id and q.company_id = u.company_id
    left join users us on us.id = u.user_id and us.company_id = u.company_id`;

/** The arrays FAST_PATH_SQL takes, for inputs already in (company, number) order. */
export function fastPathParams(inputs: readonly FastPathInput[]): unknown[][] {
  const columns: unknown[][] = INPUT.map(() => []);
  inputs.forEach(({ companyId, whatsappId, message: m, mediaUrl, mayBeHeld }, ord) => {
    const number = contactNumber(m);
    // In a group, who wrote it (item 21); our own messages need no name.
    const participant = m.isGroup && !m.fromMe ? m.from : null;
    const row = [
      ord, companyId, contactName(m, number), number, m.isGroup, whatsappId, mayBeHeld,
      m.providerMessageId, m.body, m.fromMe, m.mediaType, mediaUrl ?? null, new Date(m.timestamp), !!m.simulated,
      participant, participant ? (m.fromName?.trim().slice(0, 100) ?? null) : null, m.quotedProviderMessageId ?? null,
      lastMessageOf(m, mediaUrl), m.fromMe ? 0 : 1,
    ];
    row.forEach((v, k) => columns[k].push(v));
  });
  return columns;
}

/** What one row of FAST_PATH_SQL says of its message. */
export function fastPathResult(row: Record<string, unknown> | undefined): FastPathResult {
  if (!row) throw new Error('The fast path returned no row for a message.');
  // Not taken: the slow path runs; a contact this statement created is still news.
  if (row.fast_ticket_id == null) return { contactCreated: !!row.contact_inserted };
  if (row.message_row == null) return 'replay';
  return { ticketRow: row, messageRow: messageRowOf(row.message_row) };
}

interface Waiting {
  input: FastPathInput;
  resolve: (r: FastPathResult) => void;
  reject: (err: unknown) => void;
}

/**
 * Gathers the fast-path statements of the messages being processed at the same moment (the inbox runs
 * many conversations at once) into one statement per tick, at most `max` messages and one per contact
 * each: a contact's second message waits for the next statement, so its order holds. A statement that
 * fails is retried message by message, so one bad message does not fail the others.
 */
export class FastPathBatcher {
  private waiting: Waiting[] = [];
  private running = false;

  constructor(
    private readonly run: RunRows,
    private readonly max = 64,
  ) {}

  submit(input: FastPathInput): Promise<FastPathResult> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ input, resolve, reject });
      if (!this.running && this.waiting.length === 1) setImmediate(() => void this.drain());
    });
  }

  /** One statement at a time: what comes in meanwhile forms the next (bigger batches under load). */
  private async drain(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      while (this.waiting.length) {
        const batch: Waiting[] = [];
        const rest: Waiting[] = [];
        const contacts = new Set<string>();
        for (const w of this.waiting) {
          const contact = `${w.input.companyId}/${contactNumber(w.input.message)}`;
          if (batch.length >= this.max || contacts.has(contact)) rest.push(w);
          else {
            contacts.add(contact);
            batch.push(w);
          }
        }
        this.waiting = rest;
        await this.runBatch(batch);
      }
    } finally {
      this.running = false;
    }
  }

  private async runBatch(batch: Waiting[]): Promise<void> {
    const key = (w: Waiting) => contactNumber(w.input.message);
    batch.sort((a, b) => a.input.companyId - b.input.companyId || (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
    try {
      const rows = await this.run(FAST_PATH_SQL, fastPathParams(batch.map((w) => w.input)));
      const byOrd = new Map(rows.map((r) => [r.ord as number, r]));
      batch.forEach((w, ord) => {
        try {
          w.resolve(fastPathResult(byOrd.get(ord)));
        } catch (err) {
          w.reject(err);
        }
      });
    } catch (err) {
      if (batch.length === 1) return batch[0].reject(err);
      for (const w of batch) await this.runBatch([w]);
    }
  }
}
