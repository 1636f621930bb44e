import type { DomainEvent } from '@atende/core-contract';
import { localDayHour } from './local-time.js';

/** A ticket as the plugin remembers it (dashboard_tickets). */
export interface TicketState {
  ticketId: number;
  status: string;
  queueId: number | null;
  userId: number | null;
  whatsappId: number;
  /** null when the ticket was first seen after its creation (opened before the plugin was installed). */
  createdAt: Date | null;
  /** The last time it was accepted (went open with an agent); null until then. */
  acceptedAt: Date | null;
  /** An agent wrote on it (a message sent while it was open with an agent). */
  replied: boolean;
  /** It carried a tag once (a qualified lead). */
  tagged: boolean;
  /** The customer's messages on it. */
  msgsIn: number;
}

/** A ticket whose customer wrote this many messages is a hot lead (README, CRM metrics). */
export const HOT_LEAD_MESSAGES = 5;

export type Counter =
  | 'created'
  | 'accepted'
  | 'closed'
  | 'reopened'
  | 'transferred'
  | 'wait_ms'
  | 'wait_n'
  | 'handle_ms'
  | 'handle_n'
  | 'msgs_in'
  | 'msgs_out'
  | 'new_contacts'
  | 'abandoned'
  | 'reply_ms'
  | 'reply_n'
  | 'qualified'
  | 'hot'
  | 'active_contacts';

/** Counters to add to one bucket: the event's hour, on this queue, connection and user (0 = none). */
export interface Increment {
  queueId: number;
  whatsappId: number;
  userId: number;
  add: Partial<Record<Counter, number>>;
}

export interface Deltas {
  /** The ticket's state after the event (to store), or undefined when the event is not about a ticket. */
  state?: TicketState;
  increments: Increment[];
}

const bucket = (s: Pick<TicketState, 'queueId' | 'whatsappId' | 'userId'>) => ({ queueId: s.queueId ?? 0, whatsappId: s.whatsappId, userId: s.userId ?? 0 });

/**
 * What one domain event changes in the rollups, given the ticket's state before it (for ticket and
 * message events). Pure: the writer applies it in one transaction with the event's dedupe row.
 * Definitions (README): accepted = a ticket going open with an agent; waiting time = created → first
 * acceptance; handling time = last acceptance → closing; reopened = leaving `closed`; transferred = the
 * queue or the agent changing from one to another (not the first assignment); messages out = sent by
 * Atende (agents, bot, plugins) plus those typed on the linked phone.
 */
export function deltasOf(event: DomainEvent, before: TicketState | null): Deltas {
  const at = new Date(event.at);
  switch (event.name) {
    case 'ticket.created': {
      const p = (event as DomainEvent<'ticket.created'>).payload;
      const state: TicketState = {
        ticketId: p.ticketId,
        status: p.status,
        queueId: p.queueId,
        userId: p.userId,
        whatsappId: p.whatsappId,
        createdAt: at,
        acceptedAt: p.status === 'open' && p.userId ? at : null,
        replied: false,
        tagged: false,
        msgsIn: 0,
      };
      const add: Increment['add'] = { created: 1 };
      if (state.acceptedAt) add.accepted = 1;
      return { state, increments: [{ ...bucket(state), add }] };
    }
    case 'ticket.updated': {
      if (!before) return { increments: [] };
      const { changes } = (event as DomainEvent<'ticket.updated'>).payload;
      const after: TicketState = {
        ...before,
        status: changes.status?.after ?? before.status,
        queueId: changes.queueId ? changes.queueId.after : before.queueId,
        userId: changes.userId ? changes.userId.after : before.userId,
        whatsappId: changes.whatsappId?.after ?? before.whatsappId,
      };
      const increments: Increment[] = [];
      const from = changes.status?.before ?? before.status;
      if (changes.status && from !== after.status) {
        if (from === 'closed') increments.push({ ...bucket(after), add: { reopened: 1 } });
        if (after.status === 'open' && after.userId) {
          const add: Increment['add'] = { accepted: 1 };
          // Waiting time counts the first acceptance only: a reopened ticket's later wait is another story.
          if (before.acceptedAt === null && before.createdAt) {
            add.wait_ms = Math.max(0, at.getTime() - before.createdAt.getTime());
            add.wait_n = 1;
          }
          increments.push({ ...bucket(after), add });
          after.acceptedAt = at;
        }
        if (after.status === 'closed') {
          // Credited to who held it when it closed (the change may clear the user at the same time).
          const holder = { ...after, userId: after.userId ?? before.userId };
          const add: Increment['add'] = { closed: 1 };
          if (!before.replied) add.abandoned = 1;
          if (before.status === 'open' && before.acceptedAt) {
            add.handle_ms = Math.max(0, at.getTime() - before.acceptedAt.getTime());
            add.handle_n = 1;
          }
          increments.push({ ...bucket(holder), add });
        }
      }
      const queueMoved = changes.queueId && changes.queueId.before !== null && changes.queueId.after !== changes.queueId.before;
      const agentMoved = changes.userId && changes.userId.before !== null && changes.userId.after !== null && changes.userId.after !== changes.userId.before;
      if (queueMoved || agentMoved) increments.push({ ...bucket(after), add: { transferred: 1 } });
      return { state: after, increments };
    }
    case 'message.received': {
      const p = (event as DomainEvent<'message.received'>).payload;
      if (p.fromMe) return outgoing(before, p.whatsappId, at);
      const where = before ?? { queueId: null, userId: null, whatsappId: p.whatsappId };
      const add: Increment['add'] = { msgs_in: 1 };
      if (!before) return { increments: [{ ...bucket({ ...where, whatsappId: p.whatsappId }), add }] };
      const state = { ...before, msgsIn: before.msgsIn + 1 };
      if (state.msgsIn === HOT_LEAD_MESSAGES) add.hot = 1;
      return { state, increments: [{ ...bucket({ ...state, whatsappId: p.whatsappId }), add }] };
    }
    case 'message.sent':
      return outgoing(before, (event as DomainEvent<'message.sent'>).payload.whatsappId, at);
    case 'ticket.tagged': {
      const p = (event as DomainEvent<'ticket.tagged'>).payload;
      if (!before || before.tagged || !p.tagIds.length) return { increments: [] };
      return { state: { ...before, tagged: true }, increments: [{ ...bucket(before), add: { qualified: 1 } }] };
    }
    case 'contact.upserted': {
      const p = (event as DomainEvent<'contact.upserted'>).payload;
      return { increments: p.created ? [{ queueId: 0, whatsappId: 0, userId: 0, add: { new_contacts: 1 } }] : [] };
    }
    default:
      return { increments: [] };
  }
}

/**
 * A message Atende sent or the linked phone typed. The first one while an agent has the ticket open is
 * the agent's first reply: its delay from the ticket's creation is the CRM's response time.
 */
function outgoing(before: TicketState | null, whatsappId: number, at: Date): Deltas {
  const where = before ?? { queueId: null, userId: null, whatsappId };
  const add: Increment['add'] = { msgs_out: 1 };
  if (!before || before.replied || before.status !== 'open' || before.userId === null) return { increments: [{ ...bucket({ ...where, whatsappId }), add }] };
  if (before.createdAt) {
    add.reply_ms = Math.max(0, at.getTime() - before.createdAt.getTime());
    add.reply_n = 1;
  }
  return { state: { ...before, replied: true }, increments: [{ ...bucket({ ...before, whatsappId }), add }] };
}

/** The ticket an event is about, if any. */
export function ticketIdOf(event: DomainEvent): number | null {
  const p = event.payload as { ticketId?: number };
  return typeof p.ticketId === 'number' ? p.ticketId : null;
}

/** An increment placed in its rollup row: the day and hour of the event's commit in the company's zone. */
export interface RollupRow extends Increment {
  day: string;
  hour: number;
}

/**
 * What the writer adds for one event: `deltasOf`, each increment in the bucket of the event's own
 * time (not the ticket's creation): a ticket opened at 23:50 and closed at 00:30 counts its closing
 * on the next day. Pure, so a sequence straddling midnight is tested without a clock.
 */
export function rollupOf(event: DomainEvent, before: TicketState | null, timeZone: string): { state?: TicketState; rows: RollupRow[] } {
  const { state, increments } = deltasOf(event, before);
  const { day, hour } = localDayHour(new Date(event.at), timeZone);
  return { state, rows: increments.map((inc) => ({ ...inc, day, hour })) };
}
