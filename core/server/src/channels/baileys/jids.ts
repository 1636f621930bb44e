import {
  isHostedLidUser,
  isHostedPnUser,
  isJidBroadcast,
  isJidGroup,
  isJidNewsletter,
  isLidUser,
  isPnUser,
  jidDecode,
} from '@whiskeysockets/baileys';
import { Lru } from './lru.js';

export const isPnJid = (jid: string | null | undefined): jid is string =>
  !!jid && !!(isPnUser(jid) || isHostedPnUser(jid) || jid.endsWith('@c.us'));

export const isLidJid = (jid: string | null | undefined): jid is string => !!jid && !!(isLidUser(jid) || isHostedLidUser(jid));

export const isGroupJid = (jid: string | null | undefined): jid is string => !!jid && !!isJidGroup(jid);

/** Status stories, broadcast lists and channels never become tickets. */
export const isIgnoredJid = (jid: string): boolean => !!(isJidBroadcast(jid) || isJidNewsletter(jid));

/** Digits of a phone-number jid ("5511…:3@s.whatsapp.net" → "5511…"); undefined for anything else. */
export function numberOf(jid: string | null | undefined): string | undefined {
  if (!isPnJid(jid)) return undefined;
  const user = jidDecode(jid)?.user;
  return user && /^\d+$/.test(user) ? user : undefined;
}

/** Kernel chat ids are digits (a person) or a full group jid. */
export function chatJid(chatId: string): string {
  if (chatId.includes('@')) return chatId;
  const digits = chatId.replace(/\D/g, '');
  if (!digits) throw new Error(`Not a phone number or group id: "${chatId}".`);
  return `${digits}@s.whatsapp.net`;
}

export type LidLookup = (lid: string) => Promise<string | null | undefined>;

/**
 * Maps @lid identifiers to phone numbers. WhatsApp only sends the phone number alongside the lid
 * on some stanzas, so every pair seen is remembered for later messages that carry just the lid.
 */
export class LidResolver {
  private readonly pnByLid = new Lru<string, string>(20_000);

  remember(lid: string | null | undefined, pn: string | null | undefined): void {
    const lidUser = isLidJid(lid) ? jidDecode(lid)?.user : undefined;
    const number = numberOf(pn);
    if (lidUser && number) this.pnByLid.set(lidUser, number);
  }

  /**
   * The phone number behind `jid`: itself if it is a phone jid, else `alt` (Baileys' remoteJidAlt /
   * participantAlt), then what we remembered, then Baileys' own persisted lid mapping store.
   */
  async resolve(jid: string | null | undefined, alt?: string | null, lookup?: LidLookup): Promise<string | undefined> {
    if (isPnJid(jid)) {
      this.remember(alt, jid);
      return numberOf(jid);
    }
    if (!isLidJid(jid)) return undefined;
    if (isPnJid(alt)) {
      this.remember(jid, alt);
      return numberOf(alt);
    }
    const known = this.pnByLid.get(jidDecode(jid)?.user ?? '');
    if (known) return known;
    const pn = lookup ? await lookup(jid).catch(() => undefined) : undefined;
    if (!isPnJid(pn)) return undefined;
    this.remember(jid, pn);
    return numberOf(pn);
  }
}
