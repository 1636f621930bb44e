import type { GroupMetadata } from '@whiskeysockets/baileys';
import { LidResolver } from './jids.js';
import { Lru } from './lru.js';

/**
 * What one session remembers about its chats, shared by inbound and outbound: bounded, in memory, and
 * kept across the session's reconnects (a restart starts empty; every entry can be learnt again).
 */
export class ChatMemory {
  readonly lids = new LidResolver();
  /** Ids the kernel already has (delivered inbound, or our own sends Baileys echoes back). */
  readonly delivered = new Lru<string, true>(2_000);
  /** Ids of our own messages: quoting/deleting them needs `fromMe` in the key. */
  readonly own = new Lru<string, true>(2_000);
  /** Group subjects by jid: asked once per group, then kept current by groups.update. */
  readonly groupNames = new Lru<string, string>(500);
  /**
   * Group metadata for Baileys' sends (cachedGroupMetadata): without it every message to a group asks
   * WhatsApp for the participant list first. Kept fresh from group events (issue 10 item 8).
   */
  readonly groupMeta = new Lru<string, GroupMetadata>(500);
  /** Callers' jids as the offer named them (maybe an @lid), by call id: rejecting must name them the same. */
  readonly callJids = new Lru<string, string>(200);
  /** Group messages' participants as received (an @lid or a phone JID), by our message id. */
  readonly participants = new Lru<string, string>(5_000);
  /** Numbers known to be on WhatsApp, with the JID they are registered under: checked once, not before every send. */
  readonly onWhatsApp = new Lru<string, string>(5_000);
}
