import type { Chat, ChatEvent, ChatMessage } from '@atende/plugin-internal-chat-contract';

/** The caller's unread count in a chat. */
export const unreadsOf = (chat: Chat, userId: number | undefined): number => chat.users.find((u) => u.userId === userId)?.unreads ?? 0;

/** Whether a route parameter (uuid or number) names this chat. */
export const isChat = (chat: Chat, ref: string | undefined): boolean => ref !== undefined && (chat.uuid === ref.toLowerCase() || String(chat.id) === ref);

/** A live event applied to the chat list: changed or written-to chats move to the top (most recent first). */
export function applyChatEvent(list: Chat[], e: ChatEvent): Chat[] {
  if (e.action === 'delete') return list.filter((c) => c.id !== e.id);
  const rest = list.filter((c) => c.id !== e.record.id);
  if (e.action === 'update') {
    const at = list.findIndex((c) => c.id === e.record.id);
    // A rename or a read mark keeps its place; a chat the user was just added to comes first.
    if (at >= 0) return [...rest.slice(0, at), e.record, ...rest.slice(at)];
  }
  return [e.record, ...rest];
}

/** Messages shown oldest first, without duplicates (a sent message comes back in its live event too). */
export function mergeMessages(current: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** Restores text a failed send had taken from the box, without losing what was typed meanwhile. */
export function restoreDraft(sent: string, now: string): string {
  if (!now) return sent;
  return `${sent}\n${now}`;
}
