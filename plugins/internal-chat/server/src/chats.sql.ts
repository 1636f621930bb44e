import type { EntityManager } from '@mikro-orm/core';
import type { Users } from '@atende/sdk-server';
import type { Chat, ChatMessage } from '@atende/plugin-internal-chat-contract';

/** One raw query on the request's (or transaction's) connection. Every query of the plugin names company_id. */
export function query<T = Record<string, unknown>>(em: EntityManager, sql: string, params: unknown[] = []): Promise<T[]> {
  return em.getConnection().execute(sql, params, 'all', em.getTransactionContext()) as Promise<T[]>;
}

const iso = (v: unknown) => new Date(v as string | Date).toISOString();

interface ChatRow {
  id: number;
  uuid: string;
  title: string;
  owner_id: number | null;
  last_message: string;
  created_at: Date | string;
  updated_at: Date | string;
  users: { userId: number; unreads: number }[];
}

/**
 * Chats with their participants, in the order of `ids`. Names come from the USERS port (same company):
 * a participant who is no longer a user of the company is left out.
 */
export async function loadChats(em: EntityManager, users: Users, companyId: number, ids: number[]): Promise<Chat[]> {
  if (!ids.length) return [];
  const rows = await query<ChatRow>(
    em,
    `select c.id, c.uuid, c.title, c.owner_id, c.last_message, c.created_at, c.updated_at,
            coalesce(json_agg(json_build_object('userId', cu.user_id, 'unreads', cu.unreads)) filter (where cu.user_id is not null), '[]') as users
       from chats c
       left join chat_users cu on cu.chat_id = c.id and cu.company_id = c.company_id
      where c.company_id = ? and c.id = any(array[?]::int[])
      group by c.id`,
    [companyId, ids],
  );
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  const members = (r: ChatRow) => (typeof r.users === 'string' ? (JSON.parse(r.users) as ChatRow['users']) : r.users);
  const known = await users.list(companyId, [...new Set(rows.flatMap((r) => members(r).map((m) => Number(m.userId))))]);
  // The port answers by name, then id: the participants keep that order.
  const rank = new Map(known.map((u, i) => [u.id, { i, name: u.name }]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    const users = members(r)
      .flatMap((m) => {
        const u = rank.get(Number(m.userId));
        return u ? [{ userId: Number(m.userId), unreads: m.unreads, name: u.name, i: u.i }] : [];
      })
      .sort((a, b) => a.i - b.i);
    return [
      {
        id: Number(r.id),
        uuid: r.uuid,
        title: r.title,
        ownerId: r.owner_id === null ? null : Number(r.owner_id),
        users: users.map((x) => ({ userId: x.userId, unreads: x.unreads, user: { id: x.userId, name: x.name } })),
        lastMessage: r.last_message,
        createdAt: iso(r.created_at),
        updatedAt: iso(r.updated_at),
      },
    ];
  });
}

export interface MessageRow {
  id: number;
  chat_id: number;
  sender_id: number | null;
  sender_name: string | null;
  message: string;
  created_at: Date | string;
}

export const toMessage = (r: MessageRow): ChatMessage => ({
  id: Number(r.id),
  chatId: Number(r.chat_id),
  senderId: r.sender_id === null ? null : Number(r.sender_id),
  sender: r.sender_id === null || r.sender_name === null ? null : { id: Number(r.sender_id), name: r.sender_name },
  message: r.message,
  createdAt: iso(r.created_at),
});

/** The messages with their senders' names (USERS port, same company; a removed user's name is null). */
export async function withSenderNames(users: Users, companyId: number, rows: Omit<MessageRow, 'sender_name'>[]): Promise<MessageRow[]> {
  const ids = [...new Set(rows.flatMap((r) => (r.sender_id === null ? [] : [Number(r.sender_id)])))];
  const names = new Map((await users.list(companyId, ids)).map((u) => [u.id, u.name]));
  return rows.map((r) => ({ ...r, sender_name: r.sender_id === null ? null : (names.get(Number(r.sender_id)) ?? null) }));
}
