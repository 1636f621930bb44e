import { describe, expect, it } from 'vitest';
import type { HistoricMessage, HistoricTicket } from '@atende/sdk-server';
import { messagePageDeltas, ticketPageDeltas } from './history-deltas.js';

// Madrid in November is UTC+1: 22:59:59Z is 23:59:59 on the 26th, 23:00Z is midnight of the 27th.
const TZ = 'Europe/Madrid';
const ticket = (over: Partial<HistoricTicket>): HistoricTicket => ({
  id: 1,
  status: 'pending',
  queueId: 3,
  userId: null,
  contactId: 5,
  whatsappId: 2,
  createdAt: '2026-11-26T22:59:59.000Z',
  updatedAt: '2026-11-26T22:59:59.000Z',
  ...over,
});
const message = (over: Partial<HistoricMessage>): HistoricMessage => ({
  id: 1,
  ticketId: 1,
  whatsappId: 2,
  contactId: 5,
  fromMe: false,
  createdAt: '2026-11-26T22:59:59.000Z',
  queueId: 3,
  userId: null,
  ...over,
});
const zero = { created: 0, closed: 0, msgs_in: 0, msgs_out: 0, active_contacts: 0 };

describe('ticketPageDeltas', () => {
  it('counts each ticket opened at its creation, and a closed one at its last change, in the company\'s day and hour', () => {
    const { buckets, states } = ticketPageDeltas(
      [
        ticket({ id: 1 }),
        ticket({ id: 2, createdAt: '2026-11-26T22:10:00.000Z' }),
        ticket({ id: 3, status: 'closed', userId: 9, createdAt: '2026-11-26T22:30:00.000Z', updatedAt: '2026-11-26T23:00:00.000Z' }),
      ],
      TZ,
    );
    expect(buckets).toEqual([
      { day: '2026-11-26', hour: 23, queueId: 3, whatsappId: 2, userId: 0, add: { ...zero, created: 2 } },
      { day: '2026-11-26', hour: 23, queueId: 3, whatsappId: 2, userId: 9, add: { ...zero, created: 1 } },
      // Closed at midnight sharp: the new day.
      { day: '2026-11-27', hour: 0, queueId: 3, whatsappId: 2, userId: 9, add: { ...zero, closed: 1 } },
    ]);
    expect(states.map((s) => [s.ticketId, s.status, s.createdAt?.toISOString(), s.acceptedAt])).toEqual([
      [1, 'pending', '2026-11-26T22:59:59.000Z', null],
      [2, 'pending', '2026-11-26T22:10:00.000Z', null],
      [3, 'closed', '2026-11-26T22:30:00.000Z', null],
    ]);
  });

  it('leaves a close after the install to the event writer: the history counts the opening only', () => {
    const installed = new Date('2026-11-27T10:00:00.000Z');
    const closedLater = ticket({ id: 7, status: 'closed', updatedAt: '2026-11-27T12:00:00.000Z' });
    const closedBefore = ticket({ id: 8, status: 'closed', updatedAt: '2026-11-27T09:00:00.000Z' });
    const { buckets } = ticketPageDeltas([closedLater, closedBefore], TZ, installed);
    expect(buckets.reduce((n, b) => n + b.add.created, 0)).toBe(2);
    expect(buckets.reduce((n, b) => n + b.add.closed, 0)).toBe(1);
  });

  it('answers nothing for an empty page', () => {
    expect(ticketPageDeltas([], TZ)).toEqual({ buckets: [], states: [] });
  });
});

describe('messagePageDeltas', () => {
  it('counts messages in and out on their ticket\'s queue and agent, and who wrote on which day', () => {
    const d = messagePageDeltas(
      [
        message({ id: 1 }),
        message({ id: 2, createdAt: '2026-11-26T23:00:00.000Z' }),
        message({ id: 3, fromMe: true, userId: 9, createdAt: '2026-11-26T23:05:00.000Z' }),
        message({ id: 4, ticketId: 2, contactId: null, createdAt: '2026-11-26T23:06:00.000Z' }),
        message({ id: 5, createdAt: '2026-11-26T23:30:00.000Z' }),
      ],
      TZ,
    );
    expect(d.buckets.list()).toEqual([
      { day: '2026-11-26', hour: 23, queueId: 3, whatsappId: 2, userId: 0, add: { ...zero, msgs_in: 1 } },
      { day: '2026-11-27', hour: 0, queueId: 3, whatsappId: 2, userId: 0, add: { ...zero, msgs_in: 3 } },
      { day: '2026-11-27', hour: 0, queueId: 3, whatsappId: 2, userId: 9, add: { ...zero, msgs_out: 1 } },
    ]);
    expect(d.perTicket).toEqual(
      new Map([
        [1, { msgsIn: 3, replied: true }],
        [2, { msgsIn: 1, replied: false }],
      ]),
    );
    // Contact 5 wrote on both days; the message without a contact is nobody's.
    expect(d.contactDays).toEqual([
      { day: '2026-11-26', hour: 23, whatsappId: 2, contactId: 5 },
      { day: '2026-11-27', hour: 0, whatsappId: 2, contactId: 5 },
    ]);
  });
});
