import { generateMessageIDV2, type MiscMessageGenerationOptions, type WAMessageKey } from '@whiskeysockets/baileys';
import { ChannelRecipientError, isChannelRecipientError, type OutboundMessage } from '@atende/sdk-server';
import type { ChatMemory } from './chat-memory.js';
import { chatJid, isGroupJid, numberOf } from './jids.js';
import { outboundContent } from './outbound-content.js';
import type { SentMessages } from './sent-messages.js';
import type { BaileysSocketLike } from './socket.js';

/** What outbound needs from the session that owns the socket. */
export interface OutboundContext {
  /** The socket, only while it is open. */
  connected(): BaileysSocketLike | undefined;
  /** Our own WhatsApp id (from the socket, or the stored credentials before it opens). */
  userId(): string | undefined;
  /** Copies of what we sent, for WhatsApp's retry receipts (and to find a send that already left). */
  sent: SentMessages;
}

/** Sends, edits, deletes, read receipts and call rejections on an open socket of one session. */
export class BaileysOutbound {
  constructor(
    private readonly ctx: OutboundContext,
    private readonly memory: ChatMemory,
  ) {}

  private openSocket(): BaileysSocketLike {
    const sock = this.ctx.connected();
    if (!sock) throw new Error('WhatsApp session is not connected.');
    return sock;
  }

  /** Rebuilds the WhatsApp key of one of our ids in `jid`. */
  private keyOf(jid: string, providerMessageId: string, sock: BaileysSocketLike, fromMeIn1to1: boolean): WAMessageKey {
    if (!isGroupJid(jid)) return { remoteJid: jid, id: providerMessageId, fromMe: fromMeIn1to1 };
    const cut = providerMessageId.lastIndexOf(':');
    const id = cut < 0 ? providerMessageId : providerMessageId.slice(0, cut);
    const number = cut < 0 ? undefined : providerMessageId.slice(cut + 1);
    const fromMe = !number || number === numberOf(sock.user?.id);
    if (fromMe) return { remoteJid: jid, id, fromMe: true };
    return { remoteJid: jid, id, fromMe: false, participant: this.memory.participants.get(providerMessageId) ?? `${number}@s.whatsapp.net` };
  }

  /**
   * An id made the way Baileys makes its own (generateMessageIDV2 for our user), in the form `send`
   * returns (group ids carry our number).
   */
  newMessageId(to: string): string {
    const user = this.ctx.userId();
    const id = generateMessageIDV2(user);
    const me = numberOf(user);
    return isGroupJid(chatJid(to)) && me ? `${id}:${me}` : id;
  }

  /**
   * Sends under the kernel's id when given (issue 28 item 1). A retry whose message already left is
   * found among the copies kept for retry receipts and not sent again. Left: a process that dies after
   * the stanza left and before the copy is kept sends it again under the same id, which WhatsApp takes
   * as the same message (a recipient's phone shows an id once per chat).
   */
  async send(message: OutboundMessage): Promise<{ providerMessageId: string }> {
    const sock = this.openSocket();
    const given = message.providerMessageId;
    const messageId = given?.split(':')[0];
    if (given && messageId && (await this.ctx.sent.get(messageId))) return { providerMessageId: given };
    // The JID WhatsApp's number check answered: older Brazilian, Mexican and Argentinian numbers are
    // registered under a form that differs from the typed one (issue 10 item 7).
    const jid = await this.recipientJid(sock, chatJid(message.to));
    const quotedId = message.quotedProviderMessageId;
    // WhatsApp shows the quote from the content we send; without it the reply goes unquoted rather
    // than with an empty quote box.
    const options: MiscMessageGenerationOptions = {
      ...(messageId ? { messageId } : {}),
      ...(quotedId && message.quotedBody !== undefined
        ? { quoted: { key: this.keyOf(jid, quotedId, sock, this.memory.own.has(quotedId)), message: { conversation: message.quotedBody } } }
        : {}),
    };
    const sent = await sock.sendMessage(jid, outboundContent(message), Object.keys(options).length ? options : undefined);
    const id = sent?.key?.id;
    if (!id) throw new Error('WhatsApp returned no message id.');
    const me = numberOf(sock.user?.id);
    const providerMessageId = isGroupJid(jid) && me ? `${id}:${me}` : id;
    if (sent.message) await this.ctx.sent.remember(id, sent.message);
    // Baileys echoes our own sends as an upsert; the kernel already has them.
    this.memory.delivered.set(providerMessageId, true);
    this.memory.own.set(providerMessageId, true);
    return { providerMessageId };
  }

  /**
   * Where a message to `jid` goes: for a 1:1 chat, the JID WhatsApp's number check returns (asked once
   * per number, then remembered); a number WhatsApp does not know gets ChannelRecipientError
   * (ERR_WAPP_INVALID_CONTACT), not a retry. Groups go as they are.
   */
  private async recipientJid(sock: BaileysSocketLike, jid: string): Promise<string> {
    if (isGroupJid(jid)) {
      // Asked once and kept (cachedGroupMetadata), instead of Baileys asking before every send.
      if (!this.memory.groupMeta.get(jid) && sock.groupMetadata) {
        const meta = await sock.groupMetadata(jid).catch(() => undefined);
        if (meta) this.memory.groupMeta.set(jid, meta);
      }
      return jid;
    }
    if (!sock.onWhatsApp) return jid;
    const known = this.memory.onWhatsApp.get(jid);
    if (known) return known;
    const [found] = (await sock.onWhatsApp(jid)) ?? [];
    if (!found?.exists) throw new ChannelRecipientError(`${numberOf(jid)} is not on WhatsApp.`);
    const registered = found.jid && !isGroupJid(found.jid) ? found.jid : jid;
    this.memory.onWhatsApp.set(jid, registered);
    return registered;
  }

  async delete(chatId: string, providerMessageId: string): Promise<void> {
    const sock = this.openSocket();
    const jid = chatJid(chatId);
    // In a 1:1 chat only our own messages can be deleted for everyone.
    await sock.sendMessage(jid, { delete: this.keyOf(jid, providerMessageId, sock, true) });
  }

  async edit(chatId: string, providerMessageId: string, body: string): Promise<void> {
    const sock = this.openSocket();
    const jid = chatJid(chatId);
    await sock.sendMessage(jid, { text: body, edit: this.keyOf(jid, providerMessageId, sock, true) });
  }

  async isOnChannel(number: string): Promise<boolean> {
    const sock = this.openSocket();
    try {
      await this.recipientJid(sock, chatJid(number));
      return true;
    } catch (err) {
      if (isChannelRecipientError(err)) return false;
      throw err;
    }
  }

  async markRead(chatId: string, providerMessageIds: string[]): Promise<void> {
    const sock = this.openSocket();
    const jid = chatJid(chatId);
    if (!providerMessageIds.length || !sock.readMessages) return;
    await sock.readMessages(providerMessageIds.map((id) => this.keyOf(jid, id, sock, false)));
  }

  async rejectCall(from: string, callId: string): Promise<void> {
    const sock = this.openSocket();
    await sock.rejectCall(callId, this.memory.callJids.get(callId) ?? chatJid(from));
  }
}
