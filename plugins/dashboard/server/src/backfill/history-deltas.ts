import type { HistoricMessage, HistoricTicket } from '@atende/sdk-server';
import { localDayHour } from '../rollup/local-time.js';
import type { TicketState } from '../rollup/deltas.js';

/** The counters a history page can tell (the kernel keeps no acceptance time: no waits nor handling). */
export type HistoryCounter = 'created' | 'closed' | 'msgs_in' | 'msgs_out' | 'active_contacts';
export const HISTORY_COUNTERS: HistoryCounter[] = ['created', 'closed', 'msgs_in', 'msgs_out', 'active_contacts'];

/** One rollup row's additions: the bucket (day and hour in the company's zone, queue, connection, user; 0 = none). */
export interface Bucket {
  day: string;
  hour: number;
  queueId: number;
  whatsappId: number;
  userId: number;
  add: Record<HistoryCounter, number>;
}

/** Buckets summed by key, so one multi-row upsert never touches a row twice. */
export class Buckets {
  private readonly map = new Map<string, Bucket>();
  add(at: Date, timeZone: string, where: { queueId: number | null; whatsappId: number; userId: number | null }, counter: HistoryCounter, n = 1): void {
    const { day, hour } = localDayHour(at, timeZone);
    this.addAt(day, hour, where, counter, n);
  }
  addAt(day: string, hour: number, where: { queueId: number | null; whatsappId: number; userId: number | null }, counter: HistoryCounter, n = 1): void {
    const b = { day, hour, queueId: where.queueId ?? 0, whatsappId: where.whatsappId, userId: where.userId ?? 0 };
    const key = `${b.day}|${b.hour}|${b.queueId}|${b.whatsappId}|${b.userId}`;
    let row = this.map.get(key);
    if (!row) this.map.set(key, (row = { ...b, add: { created: 0, closed: 0, msgs_in: 0, msgs_out: 0, active_contacts: 0 } }));
    row.add[counter] += n;
  }
  /** In key order: concurrent writers lock rollup rows in one order (no deadlock between two pages). */
  list(): Bucket[] {
    return [...this.map.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
  }
}

/**
 * A page of tickets created before the plugin listened: each counts as opened at its creation and, when
 * closed now, as closed at its last change (the kernel keeps no closing time; a closed ticket is not
 * changed again until reopened; a close at or after `before`, the install, is the events' to count), both
 * on the queue, connection and agent it has now. Their states seed
 * `dashboard_tickets`, so a later acceptance measures its wait from the true creation time.
 */
export function ticketPageDeltas(tickets: HistoricTicket[], timeZone: string, before?: Date): { buckets: Bucket[]; states: TicketState[] } {
  const buckets = new Buckets();
  const states: TicketState[] = [];
  for (const t of tickets) {
    buckets.add(new Date(t.createdAt), timeZone, t, 'created');
    // A close after the install was counted by the event writer (its ticket.updated): not again here.
    if (t.status === 'closed' && (!before || new Date(t.updatedAt) < before)) buckets.add(new Date(t.updatedAt), timeZone, t, 'closed');
    states.push({
      ticketId: t.id,
      status: t.status,
      queueId: t.queueId,
      userId: t.userId,
      whatsappId: t.whatsappId,
      createdAt: new Date(t.createdAt),
      acceptedAt: null,
      replied: false,
      tagged: false,
      msgsIn: 0,
    });
  }
  return { buckets: buckets.list(), states };
}

/** A contact who wrote on a day and connection (the CRM's unique contacts), at the hour of their first message of the page. */
export interface ContactDay {
  day: string;
  hour: number;
  whatsappId: number;
  contactId: number;
}

/**
 * A page of messages stored before the plugin listened: customers' ones are messages in, the rest
 * (Atende's and the linked phone's) messages out, each at its hour on its ticket's queue and agent.
 * Also each ticket's customer messages and whether someone wrote from Atende's side, and who wrote on
 * which day (counted as active contacts only when that day's row is new).
 */
export function messagePageDeltas(messages: HistoricMessage[], timeZone: string) {
  const buckets = new Buckets();
  const perTicket = new Map<number, { msgsIn: number; replied: boolean }>();
  const contactDays = new Map<string, ContactDay>();
  for (const m of messages) {
    const { day, hour } = localDayHour(new Date(m.createdAt), timeZone);
    buckets.addAt(day, hour, m, m.fromMe ? 'msgs_out' : 'msgs_in');
    const t = perTicket.get(m.ticketId) ?? { msgsIn: 0, replied: false };
    if (m.fromMe) t.replied = true;
    else t.msgsIn += 1;
    perTicket.set(m.ticketId, t);
    if (!m.fromMe && m.contactId !== null) {
      const key = `${day}|${m.whatsappId}|${m.contactId}`;
      if (!contactDays.has(key)) contactDays.set(key, { day, hour, whatsappId: m.whatsappId, contactId: m.contactId });
    }
  }
  return { buckets, perTicket, contactDays: [...contactDays.values()] };
}
