import { describe, expect, it } from 'vitest';
import { socketEventSchemas } from './socket-events.js';

describe('socket event map', () => {
  it('takes the kernel payloads and refuses shapes a screen would misread', () => {
    expect(socketEventSchemas.ticket.safeParse({ action: 'delete', ticketId: 4 }).success).toBe(true);
    expect(socketEventSchemas.ticket.safeParse({ action: 'updateUnread', ticketId: 4 }).success).toBe(true);
    expect(socketEventSchemas.ticket.safeParse({ action: 'delete', id: 4 }).success).toBe(false);
    expect(socketEventSchemas.contact.safeParse({ action: 'reload' }).success).toBe(true);
    // A contact update carries the whole contact: a partial one would blank the row's other fields.
    expect(socketEventSchemas.contact.safeParse({ action: 'update', contact: { id: 1, name: 'Ana', number: '5511', profilePicUrl: '' } }).success).toBe(false);
    expect(socketEventSchemas.settings.safeParse({ action: 'update', setting: { key: 'userRating', value: 'enabled' } }).success).toBe(true);
    expect(socketEventSchemas.plan.safeParse({ action: 'delete', planId: 2 }).success).toBe(true);
    expect(socketEventSchemas.company.safeParse({ action: 'create', companyId: 2 }).success).toBe(true);
  });
});
