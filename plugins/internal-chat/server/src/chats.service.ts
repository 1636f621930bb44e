import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { AppError, USERS, containsPattern, type AuthUser, type Users } from '@atende/sdk-server';
import {
  CHAT_MESSAGES_PAGE_SIZE,
  CHATS_PAGE_SIZE,
  type Chat,
  type ChatMessage,
  type ChatMessagePage,
  type ChatPage,
  type ChatUpdate,
} from '@atende/plugin-internal-chat-contract';
import { loadChats, query, toMessage, withSenderNames, type MessageRow } from './chats.sql.js';
import { ChatsRealtime } from './chats.realtime.js';

/** A chat is addressed by its id or its uuid (the web's /chats/{uuid}). */
export type ChatRef = { id: number } | { uuid: string };

/** Unknown, another company's, or one the caller is not in: the same 404, so nobody learns a chat exists. */
const notFound = () => AppError.notFound('ERR_NO_CHAT_FOUND', 'Chat not found.');

@Injectable()
export class ChatsService {
  constructor(
    private readonly em: EntityManager,
    private readonly live: ChatsRealtime,
    @Inject(USERS) private readonly users: Users,
  ) {}

  async page(user: AuthUser, searchParam: string, pageNumber: number): Promise<ChatPage> {
    const search = searchParam ? ` and c.title ilike ?` : '';
    const params: unknown[] = [user.id, user.companyId, ...(searchParam ? [containsPattern(searchParam)] : [])];
    const from = `from chats c join chat_users me on me.chat_id = c.id and me.user_id = ? and me.company_id = c.company_id where c.company_id = ?${search}`;
    const [{ count }] = await query<{ count: string }>(this.em, `select count(*) as count ${from}`, params);
    const rows = await query<{ id: number }>(this.em, `select c.id ${from} order by c.updated_at desc, c.id desc limit ? offset ?`, [
      ...params,
      CHATS_PAGE_SIZE,
      (pageNumber - 1) * CHATS_PAGE_SIZE,
    ]);
    const [{ unreads }] = await query<{ unreads: string }>(this.em, `select coalesce(sum(unreads), 0) as unreads from chat_users where user_id = ? and company_id = ?`, [
      user.id,
      user.companyId,
    ]);
    const total = Number(count);
    return {
      records: await loadChats(this.em, this.users, user.companyId, rows.map((r) => Number(r.id))),
      count: total,
      hasMore: total > pageNumber * CHATS_PAGE_SIZE,
      unreads: Number(unreads),
    };
  }

  async show(user: AuthUser, ref: ChatRef): Promise<Chat> {
    const { id } = await this.visible(user, ref);
    return this.load(user.companyId, id);
  }

  /** The creator owns the chat and is always one of its participants. */
  async create(user: AuthUser, data: { title: string; users: number[] }): Promise<Chat> {
    const members = await this.members(user, data.users, user.id);
    const id = await this.em.transactional(async (tx) => {
      const [row] = await query<{ id: number }>(tx, `insert into chats (company_id, title, owner_id) values (?, ?, ?) returning id`, [user.companyId, data.title, user.id]);
      await query(tx, `insert into chat_users (chat_id, user_id, company_id) select ?, u, ? from unnest(array[?]::int[]) u`, [row.id, user.companyId, members]);
      return Number(row.id);
    });
    const chat = await this.load(user.companyId, id);
    this.live.changed('create', chat);
    return chat;
  }

  /** Owner only. Partial: `users`, when sent, becomes the participant list (the owner always stays in). */
  async update(user: AuthUser, ref: ChatRef, data: ChatUpdate): Promise<Chat> {
    const { id, ownerId } = await this.visible(user, ref);
    if (ownerId !== user.id) throw AppError.forbidden('Only the chat owner may edit it.');
    const members = data.users ? await this.members(user, data.users, user.id) : null;
    const removed = await this.em.transactional(async (tx) => {
      // The row lock keeps two edits of the participant list from interleaving.
      const locked = await query(tx, `select id from chats where id = ? and company_id = ? for update`, [id, user.companyId]);
      if (!locked.length) throw notFound();
      let gone: number[] = [];
      if (members) {
        const out = await query<{ user_id: number }>(tx, `delete from chat_users where chat_id = ? and company_id = ? and not (user_id = any(array[?]::int[])) returning user_id`, [
          id,
          user.companyId,
          members,
        ]);
        gone = out.map((r) => Number(r.user_id));
        await query(tx, `insert into chat_users (chat_id, user_id, company_id) select ?, u, ? from unnest(array[?]::int[]) u on conflict do nothing`, [id, user.companyId, members]);
      }
      await query(tx, `update chats set title = coalesce(?, title), updated_at = now() where id = ? and company_id = ?`, [data.title ?? null, id, user.companyId]);
      return gone;
    });
    const chat = await this.load(user.companyId, id);
    this.live.changed('update', chat);
    if (removed.length) this.live.removed(id, removed);
    return chat;
  }

  /** Owner only; its messages and read marks go with it. */
  async remove(user: AuthUser, ref: ChatRef): Promise<void> {
    const { id, ownerId } = await this.visible(user, ref);
    if (ownerId !== user.id) throw AppError.forbidden('Only the chat owner may delete it.');
    const participants = await query<{ user_id: number }>(this.em, `select user_id from chat_users where chat_id = ? and company_id = ?`, [id, user.companyId]);
    await query(this.em, `delete from chats where id = ? and company_id = ?`, [id, user.companyId]);
    this.live.removed(
      id,
      participants.map((p) => Number(p.user_id)),
    );
  }

  /** Marks the chat read for the caller. A `userId` naming anybody else is refused (403): nobody clears another's unreads. */
  async markRead(user: AuthUser, ref: ChatRef, userId: number | undefined): Promise<Chat> {
    if (userId !== undefined && userId !== user.id) throw AppError.forbidden('A chat is marked read only for yourself.');
    const { id } = await this.visible(user, ref);
    await query(this.em, `update chat_users set unreads = 0 where chat_id = ? and user_id = ? and company_id = ? and unreads <> 0`, [id, user.id, user.companyId]);
    const chat = await this.load(user.companyId, id);
    // Only the reader's own screens care (their list and drawer badge).
    this.live.changed('update', chat, [user.id]);
    return chat;
  }

  async messages(user: AuthUser, ref: ChatRef, pageNumber: number): Promise<ChatMessagePage> {
    const { id } = await this.visible(user, ref);
    const [{ count }] = await query<{ count: string }>(this.em, `select count(*) as count from chat_messages where chat_id = ? and company_id = ?`, [id, user.companyId]);
    const rows = await query<Omit<MessageRow, 'sender_name'>>(
      this.em,
      `select m.id, m.chat_id, m.sender_id, m.message, m.created_at
         from chat_messages m
        where m.chat_id = ? and m.company_id = ?
        order by m.id desc limit ? offset ?`,
      [id, user.companyId, CHAT_MESSAGES_PAGE_SIZE, (pageNumber - 1) * CHAT_MESSAGES_PAGE_SIZE],
    );
    const total = Number(count);
    return { records: (await withSenderNames(this.users, user.companyId, rows)).map(toMessage).reverse(), count: total, hasMore: total > pageNumber * CHAT_MESSAGES_PAGE_SIZE };
  }

  /**
   * One statement: the participant check, the message, every other participant's unread +1 (the
   * sender's back to 0: writing means having read) and the chat's last message. Concurrent sends
   * each add their own 1 (row locks on chat_users), so no count is lost.
   */
  async send(user: AuthUser, ref: ChatRef, message: string): Promise<ChatMessage> {
    const { id } = await this.visible(user, ref);
    const [sent] = await query<Omit<MessageRow, 'sender_name'>>(
      this.em,
      `with target as (
         select c.id from chats c join chat_users me on me.chat_id = c.id and me.user_id = ? and me.company_id = c.company_id
          where c.id = ? and c.company_id = ?
       ), m as (
         insert into chat_messages (chat_id, company_id, sender_id, message)
         select id, ?, ?, ? from target
         returning id, chat_id, sender_id, message, created_at
       ), counts as (
         update chat_users cu set unreads = case when cu.user_id = ? then 0 else cu.unreads + 1 end
           from m where cu.chat_id = m.chat_id and cu.company_id = ?
       ), touched as (
         update chats c set last_message = ?, updated_at = now() from m where c.id = m.chat_id and c.company_id = ?
       )
       select m.id, m.chat_id, m.sender_id, m.message, m.created_at from m`,
      [user.id, id, user.companyId, user.companyId, user.id, message, user.id, user.companyId, message, user.companyId],
    );
    // Taken out of the chat between the check and the insert.
    if (!sent) throw notFound();
    const [row] = await withSenderNames(this.users, user.companyId, [sent]);
    const dto = toMessage(row!);
    this.live.message(await this.load(user.companyId, id), dto);
    return dto;
  }

  private async load(companyId: number, id: number): Promise<Chat> {
    const [chat] = await loadChats(this.em, this.users, companyId, [id]);
    if (!chat) throw notFound();
    return chat;
  }

  /** The chat if the caller is one of its participants (and it is the caller's company's). */
  private async visible(user: AuthUser, ref: ChatRef): Promise<{ id: number; ownerId: number | null }> {
    const [byField, value] = 'id' in ref ? ['c.id = ?', ref.id] : ['c.uuid = ?::uuid', ref.uuid];
    const [row] = await query<{ id: number; owner_id: number | null }>(
      this.em,
      `select c.id, c.owner_id from chats c join chat_users me on me.chat_id = c.id and me.user_id = ? and me.company_id = c.company_id
        where ${byField} and c.company_id = ?`,
      [user.id, value, user.companyId],
    );
    if (!row) throw notFound();
    return { id: Number(row.id), ownerId: row.owner_id === null ? null : Number(row.owner_id) };
  }

  /** The participant ids: every one must be a user of the caller's company (400 otherwise); `always` is added. */
  private async members(user: AuthUser, ids: number[], always: number): Promise<number[]> {
    const wanted = [...new Set([...ids, always])];
    const known = new Set((await this.users.list(user.companyId, wanted)).map((u) => u.id));
    const missing = wanted.filter((id) => !known.has(id));
    if (missing.length) throw AppError.validation(missing.map(() => ({ path: 'users', message: 'not_found' })));
    return wanted;
  }
}
