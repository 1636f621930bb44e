import { EventEmitter } from 'node:events';
import type {
  AnyMessageContent,
  AuthenticationCreds,
  BaileysEventMap,
  Contact,
  GroupMetadata,
  MiscMessageGenerationOptions,
  UserFacingSocketConfig,
  WACallEvent,
  WAMessage,
  WAMessageKey,
  WAMessageUpdate,
} from '@whiskeysockets/baileys';
import type { BaileysSocketFactory, BaileysSocketLike } from './socket.js';

/**
 * Baileys' `sock.ev`: per-event `on/off/emit`, plus `process(handler)` which receives every event
 * as a `{ [event]: data }` map, like the real buffered emitter.
 */
export class FakeBaileysEvents {
  private readonly inner = new EventEmitter();

  on<T extends keyof BaileysEventMap>(event: T, listener: (arg: BaileysEventMap[T]) => void): void {
    this.inner.on(event, listener);
  }
  off<T extends keyof BaileysEventMap>(event: T, listener: (arg: BaileysEventMap[T]) => void): void {
    this.inner.off(event, listener);
  }
  removeAllListeners<T extends keyof BaileysEventMap>(event: T): void {
    this.inner.removeAllListeners(event);
  }
  emit<T extends keyof BaileysEventMap>(event: T, arg: BaileysEventMap[T]): boolean {
    if (this.held && event !== 'connection.update') {
      this.held.push([event, arg]);
      return true;
    }
    this.inner.emit('event', { [event]: arg });
    return this.inner.emit(event, arg);
  }
  process(handler: (events: Partial<BaileysEventMap>) => void | Promise<void>): () => void {
    const listener = (map: Partial<BaileysEventMap>) => void handler(map);
    this.inner.on('event', listener);
    return () => this.inner.off('event', listener);
  }
  /** Like Baileys' buffered emitter: events held back while buffering are emitted on flush. */
  private held: [keyof BaileysEventMap, unknown][] | null = null;
  buffer(): void {
    this.held ??= [];
  }
  flush(): boolean {
    const held = this.held;
    this.held = null;
    for (const [event, arg] of held ?? []) this.emit(event, arg as never);
    return !!held?.length;
  }

  listenerCount(event: keyof BaileysEventMap): number {
    return this.inner.listenerCount(event);
  }
}

export interface SentCall {
  jid: string;
  content: AnyMessageContent;
  options?: MiscMessageGenerationOptions;
}

/** A Baileys socket that never touches the network; tests drive it with the emit helpers. */
export class FakeBaileysSocket extends EventEmitter implements BaileysSocketLike {
  readonly ev = new FakeBaileysEvents();
  user?: Contact;
  readonly sent: SentCall[] = [];
  readonly pairingRequests: string[] = [];
  readonly rejectedCalls: { callId: string; callFrom: string }[] = [];
  readonly mediaUpdates: WAMessage[] = [];
  /** lid → pn answers of the fake `signalRepository.lidMapping`. */
  readonly lidMap = new Map<string, string>();
  readonly signalRepository = { lidMapping: { getPNForLID: async (lid: string) => this.lidMap.get(lid) ?? null } };
  pairingCode = 'ABCD1234';
  pairingError?: Error;
  endCalls = 0;
  loggedOut = false;
  closed = false;
  private nextId = 1;

  constructor(readonly config: UserFacingSocketConfig) {
    super();
    // Like Baileys: creds.update is merged into the auth state before anyone else sees it.
    this.ev.on('creds.update', (update) => Object.assign(config.auth.creds, update));
    // Like Baileys: 'connecting' is announced on the next tick, once listeners are attached.
    process.nextTick(() => {
      if (!this.closed) this.ev.emit('connection.update', { connection: 'connecting', receivedPendingNotifications: false, qr: undefined });
    });
  }

  get ended(): boolean {
    return this.endCalls > 0;
  }

  async sendMessage(jid: string, content: AnyMessageContent, options?: MiscMessageGenerationOptions): Promise<WAMessage> {
    this.sent.push({ jid, content, options });
    // Like Baileys: the id given in the options, else one of its own.
    const id = options?.messageId ?? `FAKE${this.nextId++}`;
    const message = 'text' in content && typeof content.text === 'string' ? { conversation: content.text } : {};
    return { key: { remoteJid: jid, fromMe: true, id }, message };
  }

  async requestPairingCode(phoneNumber: string): Promise<string> {
    this.pairingRequests.push(phoneNumber);
    if (this.pairingError) throw this.pairingError;
    // Like Baileys: the code and a provisional `me` land in the creds before the phone confirms.
    this.ev.emit('creds.update', { pairingCode: this.pairingCode, me: { id: `${phoneNumber}@s.whatsapp.net`, name: '~' } });
    return this.pairingCode;
  }

  async logout(): Promise<void> {
    this.loggedOut = true;
    this.close(401, 'Intentional Logout');
  }

  /** Like Baileys: ending emits one close; ending again is a no-op. */
  async end(error: Error | undefined): Promise<void> {
    this.endCalls += 1;
    if (!this.closed) this.close(statusCodeOf(error), error?.message, error);
  }

  /** Keys passed to readMessages (read receipts sent). */
  readonly readKeys: WAMessageKey[] = [];

  async readMessages(keys: WAMessageKey[]): Promise<void> {
    this.readKeys.push(...keys);
  }

  async rejectCall(callId: string, callFrom: string): Promise<void> {
    this.rejectedCalls.push({ callId, callFrom });
  }

  async updateMediaMessage(message: WAMessage): Promise<WAMessage> {
    this.mediaUpdates.push(message);
    return message;
  }

  /** Subjects the fake `groupMetadata` answers with, by group jid; unknown groups fail like Baileys' query. */
  readonly groupSubjects = new Map<string, string>();
  groupMetadataCalls = 0;

  async groupMetadata(jid: string): Promise<GroupMetadata> {
    this.groupMetadataCalls += 1;
    const subject = this.groupSubjects.get(jid);
    if (subject === undefined) throw new Error('item-not-found');
    return { id: jid, subject, owner: undefined, participants: [] };
  }

  /** Like Baileys' `groups.update` when a group's subject changes. */
  emitGroupSubject(jid: string, subject: string): void {
    this.groupSubjects.set(jid, subject);
    this.ev.emit('groups.update', [{ id: jid, subject }]);
  }

  // ---- helpers that emit real-shaped events ----

  emitQr(qr: string): void {
    this.ev.emit('connection.update', { qr });
  }

  /** Opens the connection as `meId` (e.g. "5511999990000:12@s.whatsapp.net"). */
  emitOpen(meId = '5511999990000:1@s.whatsapp.net', lid?: string): void {
    this.user = { id: meId, lid, name: 'Me' };
    this.ev.emit('connection.update', { connection: 'open' });
  }

  /** Closes with a Boom-like error carrying `output.statusCode`, as Baileys does. */
  emitClose(statusCode: number | undefined, message = 'Connection Failure'): void {
    this.close(statusCode, message);
  }

  /** Like WhatsApp: a closed socket receives nothing (what it never acknowledged goes to the next one). */
  emitUpsert(messages: WAMessage[], type: 'notify' | 'append' = 'notify'): boolean {
    if (this.closed) return false;
    this.ev.emit('messages.upsert', { messages, type });
    return true;
  }

  emitUpdate(updates: WAMessageUpdate[]): void {
    this.ev.emit('messages.update', updates);
  }

  emitCreds(update: Partial<AuthenticationCreds>): void {
    this.ev.emit('creds.update', update);
  }

  emitContacts(contacts: Partial<Contact>[], kind: 'upsert' | 'update' = 'upsert'): void {
    if (kind === 'upsert') this.ev.emit('contacts.upsert', contacts as Contact[]);
    else this.ev.emit('contacts.update', contacts);
  }

  emitCall(calls: WACallEvent[]): void {
    this.ev.emit('call', calls);
  }

  emitLidMapping(lid: string, pn: string): void {
    this.ev.emit('lid-mapping.update', { lid, pn });
  }

  private close(statusCode: number | undefined, message = 'Connection Closed', cause?: Error): void {
    if (this.closed) return;
    this.closed = true;
    const error = cause ?? Object.assign(new Error(message), { isBoom: true, output: { statusCode, payload: { statusCode, message } } });
    this.ev.emit('connection.update', { connection: 'close', lastDisconnect: { error, date: new Date() } });
    this.emit('closed', statusCode);
  }
}

const statusCodeOf = (error: unknown): number | undefined =>
  (error as { output?: { statusCode?: number } } | undefined)?.output?.statusCode;

/** A socket factory that records every socket (and config) it hands out. */
export function fakeSocketFactory(prepare?: (sock: FakeBaileysSocket) => void) {
  const sockets: FakeBaileysSocket[] = [];
  const factory: BaileysSocketFactory = (config) => {
    const sock = new FakeBaileysSocket(config);
    prepare?.(sock);
    sockets.push(sock);
    return sock;
  };
  return {
    factory,
    sockets,
    get created(): number {
      return sockets.length;
    },
    get last(): FakeBaileysSocket {
      const sock = sockets.at(-1);
      if (!sock) throw new Error('No socket created yet.');
      return sock;
    },
    /** Sockets not yet closed: the provider must never hold more than one. */
    get live(): FakeBaileysSocket[] {
      return sockets.filter((s) => !s.closed);
    },
  };
}
