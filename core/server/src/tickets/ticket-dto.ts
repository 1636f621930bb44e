import type { EntityManager } from '@mikro-orm/postgresql';
import type { MessageDto, TicketDto } from '@atende/core-contract';
import { ContactSchema } from '../contacts/contact.entity.js';
import { type Message } from '../messages/message.entity.js';
import { TagSchema, TicketTagSchema } from './tag.entity.js';
import { type Ticket } from './ticket.entity.js';
import { QueueSchema } from '../queues/queue.entity.js';
import { UserSchema } from '../users/user.entity.js';
import { markerFields } from './ticket-marker.js';

/** Tickets with their contact, queue and user, loaded in three queries for the whole page. */
export async function toTicketDtos(em: EntityManager, tickets: Ticket[]): Promise<TicketDto[]> {
  if (!tickets.length) return [];
  const ids = (f: (t: Ticket) => number | null | undefined) => [...new Set(tickets.map(f).filter((x): x is number => x != null))];
  const links = await em.find(TicketTagSchema, { ticketId: { $in: tickets.map((t) => t.id) } });
  const [contacts, queues, users, tags] = await Promise.all([
    em.find(ContactSchema, { id: { $in: ids((t) => t.contactId) } }),
    ids((t) => t.queueId).length ? em.find(QueueSchema, { id: { $in: ids((t) => t.queueId) } }) : [],
    ids((t) => t.userId).length ? em.find(UserSchema, { id: { $in: ids((t) => t.userId) } }) : [],
    links.length ? em.find(TagSchema, { id: { $in: [...new Set(links.map((l) => l.tagId))] } }) : [],
  ]);
  const tagById = new Map(tags.map((x) => [x.id, { id: x.id, name: x.name, color: x.color }]));
  const c = new Map(contacts.map((x) => [x.id, x]));
  const q = new Map(queues.map((x) => [x.id, x]));
  const u = new Map(users.map((x) => [x.id, x]));
  return tickets.map((t) => {
    const contact = c.get(t.contactId)!;
    const queue = t.queueId ? q.get(t.queueId) : undefined;
    const user = t.userId ? u.get(t.userId) : undefined;
    return {
      id: t.id,
      uuid: t.uuid,
      status: t.status,
      contactId: t.contactId,
      contact: { id: contact.id, name: contact.name, number: contact.number, profilePicUrl: contact.profilePicUrl },
      whatsappId: t.whatsappId,
      queueId: t.queueId ?? null,
      queue: queue ? { id: queue.id, name: queue.name, color: queue.color } : null,
      userId: t.userId ?? null,
      user: user ? { id: user.id, name: user.name } : null,
      unreadMessages: t.unreadMessages,
      lastMessage: t.lastMessage,
      isGroup: t.isGroup,
      tags: links.filter((l) => l.ticketId === t.id && tagById.has(l.tagId)).map((l) => tagById.get(l.tagId)!),
      ...markerFields(t.useIntegration, t.automationPlugin, t.automationRef),
      updatedAt: t.updatedAt.toISOString(),
      createdAt: t.createdAt.toISOString(),
    };
  });
}

/** `quoted` is the quoted message when the caller loaded it (the conversation page does, in the same statement). */
export const toMessageDto = (m: Message, quoted?: Pick<Message, 'id' | 'body' | 'fromMe' | 'mediaType' | 'isDeleted'> | null): MessageDto => ({
  id: m.id,
  ticketId: m.ticketId,
  body: m.isDeleted ? '' : m.body,
  fromMe: m.fromMe,
  read: m.read,
  mediaType: m.mediaType,
  mediaUrl: m.mediaUrl ?? null,
  ack: m.ack,
  isDeleted: m.isDeleted,
  isEdited: m.isEdited,
  quotedMsgId: m.quotedMsgId ?? null,
  quotedMsg: quoted ? { id: quoted.id, body: quoted.isDeleted ? '' : quoted.body, fromMe: quoted.fromMe, mediaType: quoted.mediaType } : null,
  mediaName: m.mediaName ?? null,
  sendError: m.sendError === 'ERR_SENDING_WAPP_MSG' || m.sendError === 'ERR_WAPP_INVALID_CONTACT' ? m.sendError : null,
  userId: m.userId ?? null,
  simulated: m.simulated ?? false,
  participant: m.participant ? { number: m.participant, name: m.participantName ?? null } : null,
  createdAt: m.createdAt.toISOString(),
});
