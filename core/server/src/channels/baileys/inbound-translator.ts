import { setTimeout as sleep } from 'node:timers/promises';
import {
  BufferJSON,
  normalizeMessageContent,
  proto,
  toNumber,
  WAMessageStubType,
  type BaileysEventMap,
  type Contact,
  type WACallEvent,
  type WAMessage,
  type WAMessageKey,
  type WAMessageUpdate,
} from '@whiskeysockets/baileys';
import { ChannelNotYetError, type ChannelEvents, type ChannelInbox, type ChannelMedia, type MessageAuthor } from '@atende/sdk-server';
import type { ChatMemory } from './chat-memory.js';
import { ackOf, parseContent, textOf } from './inbound.js';
import { isGroupJid, isIgnoredJid, numberOf } from './jids.js';
import { Lru } from './lru.js';
import { fetchMedia, type MediaDownloader } from './media.js';
import type { MediaSource } from './media-download.js';
import type { Semaphore } from './semaphore.js';
import { isMe, type BaileysLogger, type BaileysSocketLike } from './socket.js';

/** A message whose sender is an @lid with no known phone number yet: parked (up to a day), retried later. */
export class UnmappedLidError extends ChannelNotYetError {
  constructor(lid: string) {
    super(`no phone number known yet for ${lid}; the message waits for the mapping`);
    this.name = 'UnmappedLidError';
  }
}

/** What a kept upsert holds: the raw message as Baileys gave it, Buffers included (BufferJSON). */
interface KeptUpsert {
  v: 1;
  message: WAMessage;
}

/** The id a kept message is deduplicated by: a replay of the same upsert is kept once. */
const keptIdOf = (key: WAMessageKey): string => [key.remoteJid, key.id, key.participant ?? '', key.fromMe ? 1 : 0].join('|');

/** How inbound media is fetched; shared by every message of the session. */
export interface InboundMediaSettings {
  maxMediaBytes: number;
  downloadMedia: MediaDownloader;
  mediaRetryDelayMs: number;
  mediaTimeoutMs: number;
  mediaSource?: MediaSource;
  mediaSlots: Semaphore;
  /** Durable inbox for raw upserts (issue 10 item 1); without one, upserts are handled at once. */
  inbox?: ChannelInbox;
}

/** What the translator needs from the session that owns the socket. */
export interface InboundContext {
  events: ChannelEvents;
  logger: NonNullable<BaileysLogger>;
  settings: InboundMediaSettings;
  /** The session is stopped for good: nothing more arrives. */
  isStopped(): boolean;
  /** The live socket, if one is open or opening. */
  liveSocket(): BaileysSocketLike | undefined;
  /** The live socket or, between reconnects, the newest one (kept messages resolve @lids through it). */
  socket(): BaileysSocketLike | undefined;
  /** Work the session waits for before it is idle (drain, tests). */
  track(work: Promise<unknown>): void;
}

/**
 * Turns Baileys' inbound events (upserts, updates, receipts, contacts, calls) into the kernel's channel
 * events: resolves @lids to numbers, names our ids (`<id>` or `<id>:<participant>` in groups), keeps raw
 * upserts in the durable inbox first, fetches media off the ordered chain, and reports each revoke/edit once.
 */
export class BaileysInbound {
  /** Media messages whose download is under way: a replay meanwhile is not fetched twice. */
  private readonly downloading = new Set<string>();
  private readonly reported = new Lru<string, true>(2_000);

  constructor(
    private readonly ctx: InboundContext,
    private readonly memory: ChatMemory,
  ) {}

  private lookup(sock: BaileysSocketLike) {
    const store = sock.signalRepository?.lidMapping;
    return store ? (lid: string) => store.getPNForLID(lid) : undefined;
  }

  /** Our id for a message: `<id>` in a 1:1 chat, `<id>:<participant number>` in a group. */
  private async providerIdOf(sock: BaileysSocketLike, key: WAMessageKey): Promise<string | undefined> {
    if (!key.id || !key.remoteJid) return undefined;
    if (!isGroupJid(key.remoteJid)) return key.id;
    const who = key.fromMe ? numberOf(sock.user?.id) : await this.memory.lids.resolve(key.participant, key.participantAlt, this.lookup(sock));
    return who ? `${key.id}:${who}` : undefined;
  }

  async onUpsert(sock: BaileysSocketLike, { messages, type }: BaileysEventMap['messages.upsert']): Promise<void> {
    if (type !== 'notify' && type !== 'append') return;
    const { inbox } = this.ctx.settings;
    if (inbox) {
      // Durable first: WhatsApp has already been told "received" and will not send these again, so
      // before any parsing or download they are kept where a crash cannot reach them.
      const items = messages
        .filter((m) => m.key?.remoteJid && m.key.id && !isIgnoredJid(m.key.remoteJid))
        // A placeholder Baileys could not decrypt yet (CIPHERTEXT, no content) is upserted again under the
        // same key once it can: keeping the placeholder would make the inbox drop the real one as a replay.
        .filter((m) => m.messageStubType === WAMessageStubType.REVOKE || !!normalizeMessageContent(m.message))
        .map((message) => ({ id: keptIdOf(message.key), data: JSON.stringify({ v: 1, message } satisfies KeptUpsert, BufferJSON.replacer) }));
      if (items.length) await this.keep(inbox, items);
      return;
    }
    for (const message of messages) {
      try {
        await this.onMessage(sock, message);
      } catch (err) {
        this.ctx.logger.error({ err, id: message.key?.id }, 'inbound message failed');
      }
    }
  }

  /**
   * Keeps raw upserts, retrying until the inbox takes them: a failed keep is never only logged. The
   * ordered event chain waits meanwhile, so nothing after them overtakes them. Only a session being
   * stopped for good gives up (its socket is closed: nothing more arrives either).
   */
  private async keep(inbox: ChannelInbox, items: { id: string; data: string }[]): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        await inbox.keep(items);
        return;
      } catch (err) {
        if (this.ctx.isStopped()) {
          this.ctx.logger.error({ err, ids: items.map((i) => i.id) }, 'session stopped before inbound messages could be kept: they are lost');
          return;
        }
        this.ctx.logger.error({ err, attempt, count: items.length }, 'could not keep inbound messages, retrying');
        await sleep(Math.min(250 * 2 ** attempt, 10_000));
      }
    }
  }

  /** One kept upsert, handled in a job (possibly after a restart): parsed, its media fetched, delivered. */
  async handleKept(data: string): Promise<void> {
    const kept = JSON.parse(data, BufferJSON.reviver) as KeptUpsert;
    const sock = this.ctx.socket();
    if (!sock) throw new Error('session has no socket yet');
    // Waits for the media: the job ends once the message is with the kernel (or for good without its file).
    await this.onMessage(sock, kept.message, true);
  }

  private async onMessage(sock: BaileysSocketLike, msg: WAMessage, inline = false): Promise<void> {
    const { key } = msg;
    const remoteJid = key.remoteJid;
    if (!remoteJid || !key.id || isIgnoredJid(remoteJid)) return;
    if (msg.messageStubType === WAMessageStubType.REVOKE) return this.reportRevoke(await this.providerIdOf(sock, key), await this.authorOf(sock, key));
    // No content: a stub or a message not decrypted yet (Baileys upserts it again once it is).
    const content = normalizeMessageContent(msg.message);
    if (!content) return;
    if (content.protocolMessage) return this.onProtocol(sock, msg, content.protocolMessage);
    const parsed = parseContent(content);
    if (!parsed) return;

    const isGroup = isGroupJid(remoteJid);
    const lookup = this.lookup(sock);
    const me = numberOf(sock.user?.id);
    // For our own messages remoteJidAlt may describe us rather than the chat; do not trust it there.
    const chatNumber = isGroup ? undefined : await this.memory.lids.resolve(remoteJid, key.fromMe ? undefined : key.remoteJidAlt, lookup);
    const from = key.fromMe ? me : isGroup ? await this.memory.lids.resolve(key.participant, key.participantAlt, lookup) : chatNumber;
    if ((!isGroup && !chatNumber) || !from) {
      // A kept message waits in the inbox (its job is handed again with a growing delay) until the
      // @lid's mapping arrives, instead of being dropped (issue 10 item 7).
      if (inline) throw new UnmappedLidError(key.participant ?? remoteJid);
      this.ctx.logger.warn({ id: key.id, remoteJid, participant: key.participant }, 'cannot resolve the phone number behind an @lid, skipping message');
      return;
    }
    const providerMessageId = isGroup ? `${key.id}:${from}` : key.id;
    // Quoting or marking it read later must name the participant exactly as WhatsApp did (maybe an @lid).
    if (isGroup && !key.fromMe && key.participant) this.memory.participants.set(providerMessageId, key.participant);
    if (this.memory.delivered.has(providerMessageId)) return;

    const quotedProviderMessageId = await this.quotedIdOf(sock, remoteJid, parsed.contextInfo);
    const chatName = isGroup ? await this.groupName(sock, remoteJid) : undefined;
    const deliver = async (media: ChannelMedia | undefined) => {
      await this.ctx.events.message({
      providerMessageId,
      chatId: isGroup ? remoteJid : (chatNumber as string),
      isGroup,
      from,
      fromName: key.fromMe ? undefined : (msg.pushName ?? msg.verifiedBizName ?? undefined),
      fromMe: !!key.fromMe,
      body: parsed.body,
      mediaType: parsed.mediaType,
      media,
      quotedProviderMessageId,
      chatName,
      timestamp: msg.messageTimestamp ? new Date(toNumber(msg.messageTimestamp) * 1000) : new Date(),
      });
      // Only after the kernel has it: a failed delivery may be retried by a replay.
      this.memory.delivered.set(providerMessageId, true);
      if (key.fromMe) this.memory.own.set(providerMessageId, true);
    };
    if (!parsed.media) return deliver(undefined);
    const file = parsed.media;
    const download = () =>
      this.ctx.settings.mediaSlots.run(() =>
        fetchMedia(msg, file, {
          download: this.ctx.settings.downloadMedia,
          reuploadRequest: (m) => (this.ctx.liveSocket() ?? sock).updateMediaMessage(m),
          logger: this.ctx.logger,
          maxBytes: this.ctx.settings.maxMediaBytes,
          attempts: 3,
          retryDelayMs: this.ctx.settings.mediaRetryDelayMs,
          timeoutMs: this.ctx.settings.mediaTimeoutMs,
          source: this.ctx.settings.mediaSource,
        }),
      );
    // A kept message is already off the ordered chain (in its own job): it waits for its media.
    if (inline) return deliver(await download());
    // Media is fetched outside the ordered event chain, a few at a time, with an overall timeout:
    // a slow or hanging download never holds up the connection's next messages, acks and edits.
    if (this.downloading.has(providerMessageId)) return;
    this.downloading.add(providerMessageId);
    this.ctx.track(
      download()
        .then(deliver)
        .catch((err) => this.ctx.logger.error({ err, id: key.id }, 'inbound media message failed'))
        .finally(() => this.downloading.delete(providerMessageId)),
    );
  }

  private async quotedIdOf(sock: BaileysSocketLike, remoteJid: string, ctx: proto.IContextInfo | null | undefined): Promise<string | undefined> {
    const stanzaId = ctx?.stanzaId;
    if (!stanzaId) return undefined;
    if (!isGroupJid(remoteJid)) return stanzaId;
    const who = isMe(sock, ctx.participant) ? numberOf(sock.user?.id) : await this.memory.lids.resolve(ctx.participant, undefined, this.lookup(sock));
    return who ? `${stanzaId}:${who}` : stanzaId;
  }

  /** Revokes and edits arriving as messages (Baileys also mirrors them as messages.update). */
  private async onProtocol(sock: BaileysSocketLike, msg: WAMessage, protocol: proto.Message.IProtocolMessage): Promise<void> {
    const target = protocol.key;
    if (!target?.id) return;
    // The envelope says who sent it, and only their own message can be named: the target id is read
    // with the envelope's sender (and, in groups, participant), whatever protocol.key claims. A group
    // admin deleting someone else's message is therefore not applied to the stored history.
    const key: WAMessageKey = { ...msg.key, id: target.id };
    const id = await this.providerIdOf(sock, key);
    const author = await this.authorOf(sock, msg.key);
    if (protocol.type === proto.Message.ProtocolMessage.Type.REVOKE) this.reportRevoke(id, author);
    if (protocol.type === proto.Message.ProtocolMessage.Type.MESSAGE_EDIT) this.reportEdit(id, textOf(protocol.editedMessage), author);
  }

  /** The group's subject, asked once (a failed query names nothing: the group keeps its id as name). */
  private async groupName(sock: BaileysSocketLike, jid: string): Promise<string | undefined> {
    const known = this.memory.groupNames.get(jid);
    if (known !== undefined) return known || undefined;
    const subject = await sock.groupMetadata?.(jid).then(
      (g) => {
        this.memory.groupMeta.set(jid, g);
        return g.subject ?? '';
      },
      () => '',
    );
    this.memory.groupNames.set(jid, subject ?? '');
    return subject || undefined;
  }

  /** Who sent an envelope: ourselves, or the chat (its number, or the group's id with the member's number). */
  private async authorOf(sock: BaileysSocketLike, key: WAMessageKey): Promise<MessageAuthor | undefined> {
    if (!key.remoteJid) return undefined;
    if (key.fromMe) return { fromMe: true, chatId: key.remoteJid };
    if (isGroupJid(key.remoteJid)) {
      // The member as their messages name them (InboundMessage.from): the kernel compares the two.
      const participant = await this.memory.lids.resolve(key.participant, key.participantAlt, this.lookup(sock));
      return participant ? { fromMe: false, chatId: key.remoteJid, participant } : undefined;
    }
    const chat = await this.memory.lids.resolve(key.remoteJid, key.remoteJidAlt, this.lookup(sock));
    return chat ? { fromMe: false, chatId: chat } : undefined;
  }

  async onUpdates(sock: BaileysSocketLike, updates: WAMessageUpdate[]): Promise<void> {
    for (const { key, update } of updates) {
      if (!key.remoteJid || isIgnoredJid(key.remoteJid)) continue;
      const id = await this.providerIdOf(sock, key);
      if (!id) continue;
      // Baileys reports a revoke or edit under the sender's envelope key (its fromMe is the sender's).
      if (update.messageStubType === WAMessageStubType.REVOKE) {
        this.reportRevoke(id, await this.authorOf(sock, key));
        continue;
      }
      const edited = update.message?.editedMessage?.message;
      if (edited) this.reportEdit(id, textOf(edited.protocolMessage?.editedMessage ?? edited), await this.authorOf(sock, key));
      const ack = ackOf(update.status);
      if (ack) this.ctx.events.ack(id, ack);
    }
  }

  /** Group receipts: each participant's delivery, read or play of our message moves its ack forward. */
  async onReceipts(sock: BaileysSocketLike, receipts: BaileysEventMap['message-receipt.update']): Promise<void> {
    for (const { key, receipt } of receipts) {
      if (!key.remoteJid || !key.fromMe || isIgnoredJid(key.remoteJid)) continue;
      const id = await this.providerIdOf(sock, key);
      const ack = receipt.playedTimestamp ? 4 : receipt.readTimestamp ? 3 : receipt.receiptTimestamp ? 2 : undefined;
      if (id && ack) this.ctx.events.ack(id, ack);
    }
  }

  // The same revoke/edit arrives both as an upsert and as an update; report it once.
  private reportRevoke(id: string | undefined, author: MessageAuthor | undefined): void {
    if (!id || !author || this.reported.has(`revoke:${id}`)) return;
    this.reported.set(`revoke:${id}`, true);
    this.ctx.events.revoke(id, author);
  }

  private reportEdit(id: string | undefined, text: string | undefined, author: MessageAuthor | undefined): void {
    if (!id || !author || text === undefined || this.reported.has(`edit:${id}:${text}`)) return;
    this.reported.set(`edit:${id}:${text}`, true);
    this.ctx.events.edit(id, text, author);
  }

  async onContacts(sock: BaileysSocketLike, contacts: Partial<Contact>[], upsert: boolean): Promise<void> {
    for (const c of contacts) {
      if (!c.id || isGroupJid(c.id) || isIgnoredJid(c.id)) continue;
      this.memory.lids.remember(c.lid ?? c.id, c.phoneNumber ?? c.id);
      const number = await this.memory.lids.resolve(c.id, c.phoneNumber, this.lookup(sock));
      if (!number) continue;
      const name = c.name ?? c.notify ?? c.verifiedName ?? undefined;
      const profilePicUrl = c.imgUrl && /^https?:\/\//.test(c.imgUrl) ? c.imgUrl : undefined;
      // Updates without a name or picture (e.g. only "picture changed") tell the kernel nothing.
      if (!upsert && !name && !profilePicUrl) continue;
      this.ctx.events.contact({ number, name, ...(profilePicUrl ? { profilePicUrl } : {}) });
    }
  }

  async onCalls(sock: BaileysSocketLike, calls: WACallEvent[]): Promise<void> {
    for (const call of calls) {
      if (call.status !== 'offer') continue;
      const number = await this.memory.lids.resolve(call.from, call.callerPn, this.lookup(sock));
      if (!number) {
        this.ctx.logger.warn({ from: call.from, id: call.id }, 'cannot resolve caller number, ignoring call');
        continue;
      }
      // Rejecting must name the caller exactly as the offer did (it may be an @lid).
      this.memory.callJids.set(call.id, call.from);
      this.ctx.events.call?.(number, call.id);
    }
  }
}
