import { BufferJSON, type proto } from '@whiskeysockets/baileys';
import type { BaileysAuthStore, SentMessageStore } from './auth-store.js';
import { Lru } from './lru.js';

/** Sent messages are kept this long for retry receipts (WhatsApp's own retry window is shorter)… */
const SENT_KEPT_MS = 7 * 86_400_000;
/** …and at most this many per connection (issue 28 item 7). */
const SENT_KEPT_MAX = 100_000;
const SENT_PREFIX = 'sent-msg-';

interface WarnLogger {
  warn(obj: unknown, msg?: string): void;
}

/**
 * What a session sent, for retry receipts (issue 10 item 7): a recipient whose phone could not decrypt
 * our message asks for it again, and Baileys then needs its content. Kept in the store, not only in
 * memory, so a restart in between does not leave the customer with "waiting for this message".
 */
export class SentMessages {
  /** Sent contents, for Baileys' getMessage when a recipient asks for a retry. */
  private readonly recent = new Lru<string, proto.IMessage>(500);
  private count = 0;

  /** `sentStore`: where sent copies go when the store keeps them apart (absent: `sent-msg-<id>` values of `store`). */
  constructor(
    private readonly store: BaileysAuthStore,
    private readonly sentStore: SentMessageStore | undefined,
    private readonly logger: WarnLogger,
    private readonly track: (work: Promise<unknown>) => void,
  ) {}

  async remember(id: string, message: proto.IMessage): Promise<void> {
    this.recent.set(id, message);
    const value = JSON.stringify(message, BufferJSON.replacer);
    await (this.sentStore ? this.sentStore.keep(id, value) : this.store.write(`${SENT_PREFIX}${id}`, value))
      .catch((err) => this.logger.warn({ err, id }, 'could not keep the sent message for retries'));
    if (++this.count % 500 === 0) this.prune();
  }

  /** The content of a message this connection sent: from memory, else from the store. */
  async get(id: string): Promise<proto.IMessage | undefined> {
    const recent = this.recent.get(id);
    if (recent) return recent;
    const raw = await (this.sentStore ? this.sentStore.read(id) : this.store.read(`${SENT_PREFIX}${id}`)).catch(() => null);
    return raw ? (JSON.parse(raw, BufferJSON.reviver) as proto.IMessage) : undefined;
  }

  prune(): void {
    this.track(
      Promise.resolve(
        this.sentStore ? this.sentStore.prune(new Date(Date.now() - SENT_KEPT_MS), SENT_KEPT_MAX) : this.store.prune?.(SENT_PREFIX, new Date(Date.now() - SENT_KEPT_MS)),
      ).catch((err) => this.logger.warn({ err }, 'could not prune sent messages')),
    );
  }
}
