import { describe, expect, it } from 'vitest';
import type { DomainEvent, DomainEventMap, DomainEventName } from '@atende/core-contract';
import { deltasOf, rollupOf, type TicketState } from './deltas.js';

const ev = <K extends DomainEventName>(name: K, payload: DomainEventMap[K], at: string): DomainEvent => ({ id: `${name}-${at}`, name, companyId: 1, at, payload }) as DomainEvent;
const T0 = '2026-11-27T10:00:00.000Z';
const base: TicketState = { ticketId: 7, status: 'pending', queueId: 3, userId: null, whatsappId: 2, createdAt: new Date(T0), acceptedAt: null, replied: false, tagged: false, msgsIn: 0 };

describe('deltasOf', () => {
  it('counts a created ticket on its queue and connection', () => {
    const d = deltasOf(ev('ticket.created', { ticketId: 7, contactId: 1, whatsappId: 2, status: 'pending', queueId: 3, userId: null }, T0), null);
    expect(d.increments).toEqual([{ queueId: 3, whatsappId: 2, userId: 0, add: { created: 1 } }]);
    expect(d.state).toMatchObject({ status: 'pending', createdAt: new Date(T0), acceptedAt: null });
  });

  it('measures the wait at the first acceptance and the handling at the closing, credited to the agent', () => {
    const accept = deltasOf(ev('ticket.updated', { ticketId: 7, changes: { status: { before: 'pending', after: 'open' }, userId: { before: null, after: 9 } } }, '2026-11-27T10:05:00.000Z'), base);
    expect(accept.increments).toEqual([{ queueId: 3, whatsappId: 2, userId: 9, add: { accepted: 1, wait_ms: 300_000, wait_n: 1 } }]);
    const close = deltasOf(ev('ticket.updated', { ticketId: 7, changes: { status: { before: 'open', after: 'closed' } } }, '2026-11-27T10:25:00.000Z'), accept.state!);
    expect(close.increments).toEqual([{ queueId: 3, whatsappId: 2, userId: 9, add: { closed: 1, abandoned: 1, handle_ms: 1_200_000, handle_n: 1 } }]);
  });

  it('counts a reopening, and no second wait for a ticket accepted before', () => {
    const closed: TicketState = { ...base, status: 'closed', userId: 9, acceptedAt: new Date('2026-11-27T10:05:00Z') };
    const d = deltasOf(ev('ticket.updated', { ticketId: 7, changes: { status: { before: 'closed', after: 'open' } } }, '2026-11-27T11:00:00.000Z'), closed);
    expect(d.increments).toEqual([
      { queueId: 3, whatsappId: 2, userId: 9, add: { reopened: 1 } },
      { queueId: 3, whatsappId: 2, userId: 9, add: { accepted: 1 } },
    ]);
  });

  it('counts a transfer between queues or agents, not the first assignment', () => {
    const open: TicketState = { ...base, status: 'open', userId: 9, acceptedAt: new Date(T0) };
    expect(deltasOf(ev('ticket.updated', { ticketId: 7, changes: { queueId: { before: 3, after: 4 }, userId: { before: 9, after: 10 } } }, T0), open).increments).toEqual([
      { queueId: 4, whatsappId: 2, userId: 10, add: { transferred: 1 } },
    ]);
    const queueless: TicketState = { ...base, queueId: null };
    expect(deltasOf(ev('ticket.updated', { ticketId: 7, changes: { queueId: { before: null, after: 3 } } }, T0), queueless).increments).toEqual([]);
  });

  it('makes a ticket whose customer wrote enough a hot lead, and a tagged one qualified, once', () => {
    const four: TicketState = { ...base, msgsIn: 4 };
    const recv = ev('message.received', { messageId: 1, ticketId: 7, contactId: 1, whatsappId: 2, fromMe: false, mediaType: 'chat', body: 'x' }, T0);
    expect(deltasOf(recv, four).increments[0].add).toEqual({ msgs_in: 1, hot: 1 });
    expect(deltasOf(recv, { ...four, msgsIn: 5 }).increments[0].add).toEqual({ msgs_in: 1 });
    const tagged = deltasOf(ev('ticket.tagged', { ticketId: 7, tagIds: [1] }, T0), base);
    expect(tagged.increments[0].add).toEqual({ qualified: 1 });
    expect(deltasOf(ev('ticket.tagged', { ticketId: 7, tagIds: [2] }, T0), tagged.state!).increments).toEqual([]);
  });

  it('counts messages in and out where the ticket is, and only created contacts', () => {
    const open: TicketState = { ...base, status: 'open', userId: 9 };
    const recv = (fromMe: boolean) => ev('message.received', { messageId: 1, ticketId: 7, contactId: 1, whatsappId: 2, fromMe, mediaType: 'chat', body: 'x' }, T0);
    expect(deltasOf(recv(false), open).increments).toEqual([{ queueId: 3, whatsappId: 2, userId: 9, add: { msgs_in: 1 } }]);
    expect(deltasOf(recv(true), open).increments[0].add).toEqual({ msgs_out: 1, reply_ms: 0, reply_n: 1 });
    const sent = ev('message.sent', { messageId: 2, ticketId: 7, whatsappId: 2, providerMessageId: 'p', source: null, correlationId: null }, '2026-11-27T10:01:00.000Z');
    expect(deltasOf(sent, open).increments[0].add).toEqual({ msgs_out: 1, reply_ms: 60_000, reply_n: 1 });
    // A bot's message while the ticket waits is no agent reply; a second agent message is no first reply.
    expect(deltasOf(sent, base).increments[0].add).toEqual({ msgs_out: 1 });
    expect(deltasOf(sent, { ...open, replied: true }).increments[0].add).toEqual({ msgs_out: 1 });
    expect(deltasOf(ev('contact.upserted', { contactId: 1, number: '1', name: 'a', created: false }, T0), null).increments).toEqual([]);
    expect(deltasOf(ev('contact.upserted', { contactId: 1, number: '1', name: 'a', created: true }, T0), null).increments).toEqual([{ queueId: 0, whatsappId: 0, userId: 0, add: { new_contacts: 1 } }]);
  });
});

describe('rollupOf, events straddling midnight in the company\'s zone', () => {
  // Lima is UTC-5: 04:50Z is 23:50 on the 26th, 05:10Z is 00:10 on the 27th.
  const TZ = 'America/Lima';
  it('puts each event on the day and hour it happened there, and measures waits across the day change', () => {
    const created = rollupOf(ev('ticket.created', { ticketId: 7, contactId: 1, whatsappId: 2, status: 'pending', queueId: 3, userId: null }, '2026-11-27T04:50:00.000Z'), null, TZ);
    expect(created.rows).toEqual([{ day: '2026-11-26', hour: 23, queueId: 3, whatsappId: 2, userId: 0, add: { created: 1 } }]);
    const msg = rollupOf(ev('message.received', { messageId: 1, ticketId: 7, contactId: 1, whatsappId: 2, fromMe: false, mediaType: 'chat', body: 'hola' }, '2026-11-27T04:59:59.999Z'), created.state!, TZ);
    expect(msg.rows).toEqual([{ day: '2026-11-26', hour: 23, queueId: 3, whatsappId: 2, userId: 0, add: { msgs_in: 1 } }]);
    const accepted = rollupOf(
      ev('ticket.updated', { ticketId: 7, changes: { status: { before: 'pending', after: 'open' }, userId: { before: null, after: 9 } } }, '2026-11-27T05:10:00.000Z'),
      msg.state!,
      TZ,
    );
    // Accepted after midnight: on the 27th at 0h, having waited the 20 minutes that straddle it.
    expect(accepted.rows).toEqual([{ day: '2026-11-27', hour: 0, queueId: 3, whatsappId: 2, userId: 9, add: { accepted: 1, wait_ms: 1_200_000, wait_n: 1 } }]);
    const closed = rollupOf(ev('ticket.updated', { ticketId: 7, changes: { status: { before: 'open', after: 'closed' } } }, '2026-11-27T05:40:00.000Z'), accepted.state!, TZ);
    expect(closed.rows).toEqual([{ day: '2026-11-27', hour: 0, queueId: 3, whatsappId: 2, userId: 9, add: { closed: 1, abandoned: 1, handle_ms: 1_800_000, handle_n: 1 } }]);
  });

  it('counts the exact midnight instant in the new day', () => {
    const at = rollupOf(ev('contact.upserted', { contactId: 1, number: '1', name: 'x', created: true }, '2026-11-27T05:00:00.000Z'), null, TZ);
    expect(at.rows[0]).toMatchObject({ day: '2026-11-27', hour: 0 });
  });
});
