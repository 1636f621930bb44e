import { Inject, Injectable } from '@nestjs/common';
import { REALTIME, type RealtimePublisher } from '@atende/sdk-server';
import { CHAT_EVENT, type Chat, type ChatEvent, type ChatMessage } from '@atende/plugin-internal-chat-contract';

/**
 * Chat events go to each participant's own sockets (`toUser`), never to the whole company: a user who
 * is not (or no longer) in a chat hears nothing of it. Every profile holds internal-chat:use, so the
 * participants are the audience; the kernel drops them while the company's plan lacks useInternalChat.
 */
@Injectable()
export class ChatsRealtime {
  constructor(@Inject(REALTIME) private readonly realtime: RealtimePublisher) {}

  private send(userIds: Iterable<number>, event: ChatEvent): void {
    for (const id of new Set(userIds)) this.realtime.toUser(id, CHAT_EVENT, event);
  }

  changed(action: 'create' | 'update', chat: Chat, to: Iterable<number> = chat.users.map((u) => u.userId)): void {
    this.send(to, { action, record: chat });
  }

  removed(id: number, to: Iterable<number>): void {
    this.send(to, { action: 'delete', id });
  }

  message(chat: Chat, newMessage: ChatMessage): void {
    this.send(
      chat.users.map((u) => u.userId),
      { action: 'new-message', record: chat, newMessage },
    );
  }
}
