import {
  areJidsSameUser,
  type AnyMessageContent,
  type BaileysEventMap,
  type Contact,
  type GroupMetadata,
  type MiscMessageGenerationOptions,
  type SocketConfig,
  type UserFacingSocketConfig,
  type WAMessage,
  type WAMessageKey,
} from '@whiskeysockets/baileys';

export type BaileysLogger = SocketConfig['logger'];

/** The part of a Baileys socket the provider uses; the real `makeWASocket` result satisfies it. */
export interface BaileysSocketLike {
  ev: {
    on<T extends keyof BaileysEventMap>(event: T, listener: (arg: BaileysEventMap[T]) => void): void;
    off<T extends keyof BaileysEventMap>(event: T, listener: (arg: BaileysEventMap[T]) => void): void;
    /** Releases events Baileys is holding back (it buffers while it processes offline notifications). */
    flush?(): boolean;
  };
  readonly user?: Contact;
  signalRepository?: { lidMapping?: { getPNForLID(lid: string): Promise<string | null> } };
  sendMessage(jid: string, content: AnyMessageContent, options?: MiscMessageGenerationOptions): Promise<WAMessage | undefined>;
  requestPairingCode(phoneNumber: string): Promise<string>;
  logout(msg?: string): Promise<void>;
  end(error: Error | undefined): Promise<void>;
  rejectCall(callId: string, callFrom: string): Promise<void>;
  updateMediaMessage(message: WAMessage): Promise<WAMessage>;
  /** Sends read receipts for these messages. */
  readMessages?(keys: WAMessageKey[]): Promise<void>;
  /** Which numbers have WhatsApp (absent in test doubles that do not care). */
  onWhatsApp?(...jids: string[]): Promise<{ jid: string; exists: boolean }[] | undefined>;
  /** A group's metadata; only its subject (name) is used. */
  groupMetadata?(jid: string): Promise<GroupMetadata>;
}

export type BaileysSocketFactory = (config: UserFacingSocketConfig) => BaileysSocketLike;

export const silentLogger: BaileysLogger = {
  level: 'silent',
  child: () => silentLogger,
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

/** Our own jid can show up as the phone number or as our @lid. */
export const isMe = (sock: BaileysSocketLike, jid: string | null | undefined): boolean =>
  !!jid && (areJidsSameUser(jid, sock.user?.id) || (!!sock.user?.lid && areJidsSameUser(jid, sock.user.lid)));
