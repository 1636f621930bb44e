import { describe, expect, it } from 'vitest';
import type { Chat, ChatMessage } from '@atende/plugin-internal-chat-contract';
import { applyChatEvent, isChat, mergeMessages, restoreDraft, unreadsOf } from './chatList.js';

const chat = (id: number, unreads = 0): Chat => ({
  id,
  uuid: `0000000${id}-0000-0000-0000-000000000000`,
  title: `c${id}`,
  ownerId: 1,
  users: [{ userId: 1, unreads, user: { id: 1, name: 'A' } }],
  lastMessage: '',
  createdAt: '',
  updatedAt: '',
});
const msg = (id: number): ChatMessage => ({ id, chatId: 1, senderId: 1, sender: { id: 1, name: 'A' }, message: `m${id}`, createdAt: '' });

describe('chat list', () => {
  it('moves written-to and new chats to the top, keeps a renamed one in place, drops a deleted one', () => {
    const list = [chat(1), chat(2), chat(3)];
    expect(applyChatEvent(list, { action: 'new-message', record: chat(3, 1), newMessage: msg(9) }).map((c) => c.id)).toEqual([3, 1, 2]);
    expect(applyChatEvent(list, { action: 'update', record: { ...chat(2), title: 'x' } }).map((c) => c.title)).toEqual(['c1', 'x', 'c3']);
    expect(applyChatEvent(list, { action: 'update', record: chat(4) }).map((c) => c.id)).toEqual([4, 1, 2, 3]);
    expect(applyChatEvent(list, { action: 'create', record: chat(5) })[0].id).toBe(5);
    expect(applyChatEvent(list, { action: 'delete', id: 2 }).map((c) => c.id)).toEqual([1, 3]);
  });

  it('reads the caller’s unreads and matches a chat by uuid or id', () => {
    expect(unreadsOf(chat(1, 4), 1)).toBe(4);
    expect(unreadsOf(chat(1, 4), 2)).toBe(0);
    expect(isChat(chat(1), '00000001-0000-0000-0000-000000000000')).toBe(true);
    expect(isChat(chat(1), '1')).toBe(true);
    expect(isChat(chat(1), '2')).toBe(false);
  });

  it('merges messages without duplicates, oldest first', () => {
    expect(mergeMessages([msg(3), msg(4)], [msg(1), msg(4), msg(5)]).map((m) => m.id)).toEqual([1, 3, 4, 5]);
  });

  it('never loses typed text when a send fails', () => {
    expect(restoreDraft('hola', '')).toBe('hola');
    expect(restoreDraft('hola', 'otra')).toBe('hola\notra');
  });
});
