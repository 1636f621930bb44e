import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@atende/core-contract';
import { toWebhooks } from './event-map.js';

const ev = <K extends DomainEvent['name']>(name: K, payload: DomainEvent<K>['payload']) => ({ id: 'e1', name, companyId: 1, at: '2026-01-01T00:00:00Z', payload }) as DomainEvent<any>;

describe('domain events → webhook events', () => {
  it('a received or sent message is message.created in its ticket lane; an ack is message.updated', () => {
    expect(toWebhooks(ev('message.received', { messageId: 1, ticketId: 9, contactId: 3, whatsappId: 2, fromMe: false, mediaType: 'chat', body: 'hola' }))).toEqual([
      { event: 'message.created', lane: 't9', ticketId: 9, data: { messageId: 1, ticketId: 9, contactId: 3, whatsappId: 2, fromMe: false, mediaType: 'chat', body: 'hola' } },
    ]);
    expect(toWebhooks(ev('message.sent', { messageId: 2, ticketId: 9, whatsappId: 2, providerMessageId: 'x', source: null, correlationId: null }))[0]).toMatchObject({ event: 'message.created', data: { fromMe: true } });
    expect(toWebhooks(ev('message.ack', { messageId: 2, ticketId: 9, whatsappId: 2, ack: 2, source: null, correlationId: null }))[0].event).toBe('message.updated');
  });
  it('a ticket update is a status change, a transfer, both or none', () => {
    const upd = (changes: object) => toWebhooks(ev('ticket.updated', { ticketId: 4, changes } as never)).map((o) => o.event);
    expect(upd({ status: { before: 'pending', after: 'open' } })).toEqual(['ticket.status_changed']);
    expect(upd({ queueId: { before: 1, after: 2 } })).toEqual(['ticket.transferred']);
    expect(upd({ status: { before: 'pending', after: 'open' }, userId: { before: null, after: 3 } })).toEqual(['ticket.status_changed', 'ticket.transferred']);
    expect(upd({})).toEqual([]);
  });
  it('only a created contact is contact.created, in its own lane', () => {
    expect(toWebhooks(ev('contact.upserted', { contactId: 5, number: '519', name: 'A', created: true }))).toEqual([{ event: 'contact.created', lane: 'c5', ticketId: null, data: { contactId: 5, number: '519', name: 'A' } }]);
    expect(toWebhooks(ev('contact.upserted', { contactId: 5, number: '519', name: 'A', created: false }))).toEqual([]);
  });
});
