import { describe, expect, it } from 'vitest';
import { belongsInList, viewerOf, lastMessageTime, shortName, ticketListReducer, ticketQuery } from './ticketListState.js';
import { filter, ticket } from './testing.js';

const ids = (list: { id: number }[]) => list.map((t) => t.id);

describe('ticket row rules', () => {
  it('shortens names to 10 characters plus dots only on narrow screens', () => {
    expect(shortName('Carla Fernández', true)).toBe('Carla Fern...');
    expect(shortName('Carla Fernández', false)).toBe('Carla Fernández');
    expect(shortName('0123456789', true)).toBe('0123456789');
    expect(shortName('01234567890', true)).toBe('0123456789...');
  });

  it('shows HH:mm for today and dd/MM/yyyy otherwise, in local time', () => {
    const now = new Date(2026, 10, 23, 18, 0);
    expect(lastMessageTime(new Date(2026, 10, 23, 9, 7).toISOString(), now)).toBe('09:07');
    expect(lastMessageTime(new Date(2026, 10, 23, 0, 0).toISOString(), now)).toBe('00:00');
    expect(lastMessageTime(new Date(2026, 10, 22, 23, 59).toISOString(), now)).toBe('22/11/2026');
    expect(lastMessageTime(new Date(2025, 0, 5, 12, 0).toISOString(), now)).toBe('05/01/2025');
  });

  it('sends array filters as JSON-array strings and leaves unset ones out', () => {
    expect(ticketQuery({ status: 'open', queueIds: [1, 2], tagIds: [], showAll: false })).toEqual({
      status: 'open',
      searchParam: undefined,
      queueIds: '[1,2]',
      tags: undefined,
      showAll: 'false',
    });
    expect(ticketQuery({ searchParam: 'ana', queueIds: null, tagIds: [5], showAll: true })).toMatchObject({ searchParam: 'ana', queueIds: undefined, tags: '[5]', showAll: 'true' });
  });
});

describe('who the lists are for', () => {
  const agent = { id: 4, allTicket: 'desabled' as const, queues: [{ id: 11 }] };
  it('agents: own queues, queueless only with allTicket', () => {
    expect(viewerOf(agent, false, true)).toEqual({ id: 4, seesAll: false, queueIds: [11], allTicket: false });
    expect(viewerOf({ ...agent, allTicket: 'enabled' }, false, false).allTicket).toBe(true);
  });
  it('admins: everything with show-all on, own queues and queueless with it off', () => {
    expect(viewerOf(agent, true, true).seesAll).toBe(true);
    expect(viewerOf(agent, true, false)).toEqual({ id: 4, seesAll: false, queueIds: [11], allTicket: true });
  });
});

describe('which list a ticket belongs in', () => {
  it('by status', () => {
    expect(belongsInList(ticket({ status: 'pending' }), filter({ status: 'pending' }))).toBe(true);
    expect(belongsInList(ticket({ status: 'open', userId: 1 }), filter({ status: 'pending' }))).toBe(false);
    expect(belongsInList(ticket({ status: 'closed' }), filter({ status: undefined }))).toBe(true);
  });

  it('agents see their queues, their own tickets, and queueless ones only with allTicket', () => {
    const agent = filter().viewer;
    expect(belongsInList(ticket({ queueId: 12, queue: { id: 12, name: 'Soporte', color: '#000' } }), filter())).toBe(false);
    expect(belongsInList(ticket({ queueId: 12, userId: 1, status: 'pending' }), filter())).toBe(true);
    expect(belongsInList(ticket({ queueId: null, queue: null }), filter())).toBe(false);
    expect(belongsInList(ticket({ queueId: null, queue: null }), filter({ viewer: { ...agent, allTicket: true } }))).toBe(true);
    expect(belongsInList(ticket({ queueId: 12 }), filter({ viewer: { ...agent, seesAll: true } }))).toBe(true);
  });

  it('by the queue and tag filters', () => {
    const admin = { id: 1, seesAll: true, queueIds: [], allTicket: false };
    expect(belongsInList(ticket({ queueId: 12 }), filter({ viewer: admin, queueIds: [11] }))).toBe(false);
    expect(belongsInList(ticket({ queueId: null, queue: null }), filter({ viewer: admin, queueIds: [11] }))).toBe(false);
    expect(belongsInList(ticket({ queueId: 11 }), filter({ viewer: admin, queueIds: [11] }))).toBe(true);
    const tagged = ticket({ tags: [{ id: 7, name: 'VIP', color: '#f00' }] });
    expect(belongsInList(tagged, filter({ tagIds: [7, 8] }))).toBe(true);
    expect(belongsInList(tagged, filter({ tagIds: [8] }))).toBe(false);
    expect(belongsInList(ticket(), filter({ tagIds: [8] }))).toBe(false);
  });
});

describe('live list reducer', () => {
  it('inserts a new matching ticket at the top and ignores one of another list', () => {
    const [a, b] = [ticket(), ticket()];
    const fresh = ticket();
    expect(ids(ticketListReducer([a, b], { type: 'upsert', ticket: fresh, filter: filter() }))).toEqual([fresh.id, a.id, b.id]);
    const list = [a, b];
    expect(ticketListReducer(list, { type: 'upsert', ticket: ticket({ status: 'closed' }), filter: filter() })).toBe(list);
  });

  it('moves a ticket with unread messages to the top and keeps others in place', () => {
    const [a, b, c] = [ticket(), ticket(), ticket()];
    const unread = ticketListReducer([a, b, c], { type: 'upsert', ticket: { ...c, unreadMessages: 2, lastMessage: 'Nuevo' }, filter: filter() });
    expect(ids(unread)).toEqual([c.id, a.id, b.id]);
    expect(unread[0]).toMatchObject({ unreadMessages: 2, lastMessage: 'Nuevo' });
    const read = ticketListReducer([a, b, c], { type: 'upsert', ticket: { ...b, lastMessage: 'Editado' }, filter: filter() });
    expect(ids(read)).toEqual([a.id, b.id, c.id]);
    expect(read[1].lastMessage).toBe('Editado');
  });

  it('removes a ticket that leaves the list: accepted, transferred to another queue, or deleted', () => {
    const [a, b] = [ticket(), ticket()];
    expect(ids(ticketListReducer([a, b], { type: 'upsert', ticket: { ...a, status: 'open', userId: 1 }, filter: filter() }))).toEqual([b.id]);
    const moved = { ...b, queueId: 12, queue: { id: 12, name: 'Soporte', color: '#00f' } };
    expect(ids(ticketListReducer([a, b], { type: 'upsert', ticket: moved, filter: filter() }))).toEqual([a.id]);
    expect(ids(ticketListReducer([a, b], { type: 'delete', ticketId: a.id }))).toEqual([b.id]);
  });

  it('search results are updated live but never grow', () => {
    const a = ticket({ status: 'open', userId: 1 });
    const searching = filter({ status: undefined, searching: true });
    expect(ticketListReducer([a], { type: 'upsert', ticket: ticket(), filter: searching })).toEqual([a]);
    expect(ticketListReducer([a], { type: 'upsert', ticket: { ...a, status: 'closed' }, filter: searching })[0].status).toBe('closed');
  });

  it('resets the unread count and follows contact changes', () => {
    const a = ticket({ unreadMessages: 3 });
    const b = ticket({ unreadMessages: 1 });
    const reset = ticketListReducer([a, b], { type: 'unreadReset', ticketId: a.id });
    expect(reset.map((t) => t.unreadMessages)).toEqual([0, 1]);
    const renamed = ticketListReducer(reset, { type: 'contact', contact: { id: b.contactId, name: 'Beatriz', profilePicUrl: '/api/media/b.jpg' } });
    expect(renamed[1].contact).toMatchObject({ name: 'Beatriz', profilePicUrl: '/api/media/b.jpg', number: b.contact.number });
    expect(renamed[0]).toBe(reset[0]);
  });
});
