import { WAMessageStatus, type proto } from '@whiskeysockets/baileys';
import type { InboundMediaType } from '@atende/sdk-server';

/** Media content Baileys can download (image, video, audio, document, sticker). */
export type DownloadableContent =
  | proto.Message.IImageMessage
  | proto.Message.IVideoMessage
  | proto.Message.IAudioMessage
  | proto.Message.IDocumentMessage
  | proto.Message.IStickerMessage;

export interface ParsedContent {
  body: string;
  mediaType: InboundMediaType;
  /** Set when the message carries a file to download. */
  media?: DownloadableContent;
  contextInfo?: proto.IContextInfo | null;
}

/** The text a user sees: plain text, link text, captions and button/list replies. */
export function textOf(content: proto.IMessage | null | undefined): string | undefined {
  if (!content) return undefined;
  return (
    content.conversation ??
    content.extendedTextMessage?.text ??
    content.imageMessage?.caption ??
    content.videoMessage?.caption ??
    content.documentMessage?.caption ??
    content.buttonsResponseMessage?.selectedDisplayText ??
    content.templateButtonReplyMessage?.selectedDisplayText ??
    content.listResponseMessage?.title ??
    content.interactiveResponseMessage?.body?.text ??
    undefined
  );
}

/** core-operations §3: "image|link|description" (description optional). */
function locationBody(loc: proto.Message.ILocationMessage | proto.Message.ILiveLocationMessage, parts: (string | null | undefined)[]): string {
  const thumb = loc.jpegThumbnail?.length ? `data:image/jpeg;base64,${Buffer.from(loc.jpegThumbnail).toString('base64')}` : '';
  const link = `https://maps.google.com/maps?q=${loc.degreesLatitude ?? 0}%2C${loc.degreesLongitude ?? 0}&z=17`;
  // A bar inside the description would split it into extra parts.
  const description = parts.filter(Boolean).join(' - ').replace(/\|/g, '/');
  return description ? `${thumb}|${link}|${description}` : `${thumb}|${link}`;
}

/** Maps a (normalised) message to body and media type; undefined for kinds the kernel does not show. */
export function parseContent(c: proto.IMessage): ParsedContent | undefined {
  if (c.imageMessage) return { body: c.imageMessage.caption ?? '', mediaType: 'image', media: c.imageMessage, contextInfo: c.imageMessage.contextInfo };
  if (c.stickerMessage) return { body: '', mediaType: 'image', media: c.stickerMessage, contextInfo: c.stickerMessage.contextInfo };
  const video = c.videoMessage ?? c.ptvMessage;
  if (video) return { body: video.caption ?? '', mediaType: 'video', media: video, contextInfo: video.contextInfo };
  if (c.audioMessage) return { body: '', mediaType: 'audio', media: c.audioMessage, contextInfo: c.audioMessage.contextInfo };
  if (c.documentMessage) {
    const doc = c.documentMessage;
    return { body: doc.caption ?? doc.fileName ?? '', mediaType: 'application', media: doc, contextInfo: doc.contextInfo };
  }
  const loc = c.locationMessage;
  if (loc) return { body: locationBody(loc, [loc.name, loc.address]), mediaType: 'locationMessage', contextInfo: loc.contextInfo };
  const live = c.liveLocationMessage;
  if (live) return { body: locationBody(live, [live.caption]), mediaType: 'locationMessage', contextInfo: live.contextInfo };
  if (c.contactMessage) return { body: c.contactMessage.vcard ?? '', mediaType: 'vcard', contextInfo: c.contactMessage.contextInfo };
  if (c.contactsArrayMessage) {
    // Several vCards in one body is still a valid vCard stream (RFC 6350 §3.3).
    const vcards = (c.contactsArrayMessage.contacts ?? []).map((x) => x.vcard ?? '').filter(Boolean);
    return { body: vcards.join('\n'), mediaType: 'vcard', contextInfo: c.contactsArrayMessage.contextInfo };
  }
  // The proto field really is spelled "Messsage".
  if (c.callLogMesssage) return { body: '', mediaType: 'call_log' };
  const text = textOf(c);
  if (text !== undefined) return { body: text, mediaType: 'chat', contextInfo: c.extendedTextMessage?.contextInfo };
  // A reaction quotes the message it reacts to; an empty one removes a reaction (nothing to store).
  const reaction = c.reactionMessage;
  if (reaction) {
    if (!reaction.text || !reaction.key?.id) return undefined;
    return { body: reaction.text, mediaType: 'reaction', contextInfo: { stanzaId: reaction.key.id, participant: reaction.key.participant } };
  }
  const poll = c.pollCreationMessage ?? c.pollCreationMessageV2 ?? c.pollCreationMessageV3;
  if (poll) {
    const options = (poll.options ?? []).map((o) => `• ${o.optionName ?? ''}`);
    return { body: [poll.name ?? '', ...options].join('\n'), mediaType: 'poll' };
  }
  // Kinds Atende cannot show are kept as a placeholder (the agent sees something arrived and looks on the
  // phone); envelopes that carry no content of their own (key distribution, context info) are not.
  if (UNSUPPORTED_KINDS.some((k) => c[k] != null)) return { body: '', mediaType: 'unsupported' };
  return undefined;
}

/** Message kinds a customer can send that have no view in Atende. */
const UNSUPPORTED_KINDS = [
  'eventMessage',
  'productMessage',
  'orderMessage',
  'groupInviteMessage',
  'listMessage',
  'buttonsMessage',
  'templateMessage',
  'interactiveMessage',
  'requestPaymentMessage',
  'sendPaymentMessage',
  'paymentInviteMessage',
  'scheduledCallCreationMessage',
] as const satisfies readonly (keyof proto.IMessage)[];

/**
 * Baileys WAMessageStatus → kernel ack (core-operations §4: 1 sent, 2 delivered, 3 read, 4–5 played).
 * SERVER_ACK(2)→1, DELIVERY_ACK(3)→2, READ(4)→3, PLAYED(5)→4; ERROR(0)→-1, a failed delivery the
 * agent sees (issue 10 item 7). PENDING (not yet on the server) is not reported.
 */
export function ackOf(status: number | null | undefined): number | undefined {
  switch (status) {
    case WAMessageStatus.ERROR:
      return -1;
    case WAMessageStatus.SERVER_ACK:
      return 1;
    case WAMessageStatus.DELIVERY_ACK:
      return 2;
    case WAMessageStatus.READ:
      return 3;
    case WAMessageStatus.PLAYED:
      return 4;
    default:
      return undefined;
  }
}
