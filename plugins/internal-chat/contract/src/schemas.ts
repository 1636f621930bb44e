import { z } from 'zod';

// Apart from index.ts (as in the helps contract): the web remote uses these as types only, so it does
// not bundle zod.

import { CHAT_MESSAGE_MAX, CHAT_TITLE_MAX, CHAT_USERS_MAX } from './limits.js';

const chatUserSchema = z.object({
  userId: z.number().int(),
  unreads: z.number().int(),
  user: z.object({ id: z.number().int(), name: z.string() }),
});

/** automation-productivity §3: id, uuid, title, ownerId, users (userId, unreads, user), lastMessage, updatedAt. */
export const chatSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  title: z.string(),
  /** Null once the owner's user is deleted: then nobody edits or deletes the chat. */
  ownerId: z.number().int().nullable(),
  users: z.array(chatUserSchema),
  lastMessage: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Chat = z.infer<typeof chatSchema>;
export type ChatUser = z.infer<typeof chatUserSchema>;

/** A chat message: senderId, sender (name), message, createdAt, chatId (§3). */
export const chatMessageSchema = z.object({
  id: z.number().int(),
  chatId: z.number().int(),
  /** Null once the sender's user is deleted. */
  senderId: z.number().int().nullable(),
  sender: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  message: z.string(),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

const titleSchema = z.string().trim().min(1, 'required').max(CHAT_TITLE_MAX, 'too_long');
const userIdSchema = z.number().int().positive().max(2_147_483_647);
/**
 * A user id, or `{id, name}` as the spec's screens send the chosen users (§7 POST /chats {users}): only
 * the id is kept; the name comes from the company's users, never from the client.
 */
const chatUserRefSchema = z.union([userIdSchema, z.object({ id: userIdSchema }).transform((u) => u.id)]);
const usersSchema = z
  .array(chatUserRefSchema)
  .min(1, 'required')
  .max(CHAT_USERS_MAX, 'too_long')
  .transform((ids) => [...new Set(ids)]);

/** POST: title and at least one user (§5); the creator is the owner and a participant whether listed or not. */
export const chatInputSchema = z.object({ title: titleSchema, users: usersSchema });
/** PUT: partial; `users` replaces the participants (the owner always stays). */
export const chatUpdateSchema = z.object({ title: titleSchema.optional(), users: usersSchema.optional() });
export type ChatInput = z.input<typeof chatInputSchema>;
export type ChatUpdate = z.output<typeof chatUpdateSchema>;

/** POST /chats/{id}/read: `userId`, when sent, must be the caller (403 otherwise); it marks the caller's unreads read. */
export const chatReadSchema = z.object({ userId: z.number().int().optional() });

export const chatMessageInputSchema = z.object({ message: z.string().trim().min(1, 'required').max(CHAT_MESSAGE_MAX, 'too_long') });
export type ChatMessageInput = z.input<typeof chatMessageInputSchema>;

export const chatListQuerySchema = z.object({
  searchParam: z.string().trim().max(100).default(''),
  pageNumber: z.coerce.number().int().min(1).max(10000).default(1),
});
export const chatMessagesQuerySchema = z.object({ pageNumber: z.coerce.number().int().min(1).max(100000).default(1) });

/** The caller's chats, most recently active first; `unreads` is the caller's total over all of them (the drawer badge). */
export const chatPageSchema = z.object({ records: z.array(chatSchema), count: z.number().int(), hasMore: z.boolean(), unreads: z.number().int() });
export type ChatPage = z.infer<typeof chatPageSchema>;

/** Page 1 is the newest messages; within a page, oldest first (ready to show). */
export const chatMessagePageSchema = z.object({ records: z.array(chatMessageSchema), count: z.number().int(), hasMore: z.boolean() });
export type ChatMessagePage = z.infer<typeof chatMessagePageSchema>;
