import { describe, expect, it } from 'vitest';
import type { MessageDto, TicketNoteDto } from '@atende/core-contract';
import { conversationRows } from './conversation.js';

const msg = (id: number, at: string): MessageDto => ({ id, ticketId: 7, createdAt: at }) as MessageDto;
const note = (id: number, at: string): TicketNoteDto => ({ id, note: `nota ${id}`, ticketId: 7, contactId: 3, user: { id: 1, name: 'Ana' }, createdAt: at });

const keys = (rows: ReturnType<typeof conversationRows>) => rows.filter((r) => r.kind !== 'date').map((r) => r.key);

describe('conversation timeline with internal notes (issue 36 item 6)', () => {
  const messages = [msg(1, '2026-11-27T10:00:00.000Z'), msg(2, '2026-11-27T10:05:00.000Z')];

  it('puts each note by time among the messages, the newest after the last message', () => {
    const rows = conversationRows(messages, [note(9, '2026-11-27T10:07:00.000Z'), note(8, '2026-11-27T10:02:00.000Z')]);
    expect(keys(rows)).toEqual(['m-1', 'note-8', 'm-2', 'note-9']);
  });

  it('holds back notes older than the first message shown while older messages are not loaded', () => {
    const early = note(5, '2026-11-27T09:00:00.000Z');
    expect(keys(conversationRows(messages, [early], true))).toEqual(['m-1', 'm-2']);
    expect(keys(conversationRows(messages, [early], false))).toEqual(['note-5', 'm-1', 'm-2']);
  });

  it('shows notes of a ticket without messages yet', () => {
    expect(keys(conversationRows([], [note(1, '2026-11-27T10:00:00.000Z')]))).toEqual(['note-1']);
  });
});
