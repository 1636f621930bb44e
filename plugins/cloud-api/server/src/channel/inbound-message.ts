import type { InboundMediaType, InboundMessage } from '@atende/sdk-server';
import type { CloudMediaRef, CloudMessage } from '../webhook/webhook-items.js';

/** The media a Cloud API message refers to (downloaded through Graph by the session), and how to name it. */
export function mediaRefOf(m: CloudMessage): { ref: CloudMediaRef; fileName?: string } | null {
  if (m.type === 'document' && m.document) return { ref: m.document, fileName: m.document.filename };
  const ref = (m.type === 'image' && m.image) || (m.type === 'audio' && m.audio) || (m.type === 'video' && m.video) || (m.type === 'sticker' && m.sticker);
  return ref ? { ref } : null;
}

/** A Cloud API message as the kernel's InboundMessage (media attached by the caller). */
export function toInbound(m: CloudMessage, contactName?: string): InboundMessage {
  const base = {
    providerMessageId: m.id,
    chatId: m.from,
    isGroup: false,
    from: m.from,
    fromName: contactName,
    fromMe: false,
    timestamp: timestampOf(m),
    quotedProviderMessageId: m.context?.id,
  };
  const as = (mediaType: InboundMediaType, body: string): InboundMessage => ({ ...base, mediaType, body });
  switch (m.type) {
    case 'text':
      return as('chat', m.text?.body ?? '');
    case 'button':
      return as('chat', m.button?.text ?? '');
    case 'interactive':
      return as('chat', m.interactive?.button_reply?.title ?? m.interactive?.list_reply?.title ?? '');
    case 'image':
    case 'sticker':
      return as('image', m.image?.caption ?? '');
    case 'video':
      return as('video', m.video?.caption ?? '');
    case 'audio':
      return as('audio', '');
    case 'document':
      return as('application', m.document?.caption ?? m.document?.filename ?? '');
    case 'location': {
      const l = m.location ?? {};
      return as('locationMessage', [l.name, l.address, `${l.latitude},${l.longitude}`].filter(Boolean).join('\n'));
    }
    case 'reaction':
      return { ...as('reaction', m.reaction?.emoji ?? ''), quotedProviderMessageId: m.reaction?.message_id };
    default:
      return as('unsupported', `[${m.type}]`);
  }
}

/** Graph's timestamp is in seconds; a missing or odd one is now. */
export function timestampOf(m: Pick<CloudMessage, 'timestamp'>): Date {
  const s = Number(m.timestamp);
  return Number.isFinite(s) && s > 0 ? new Date(s * 1000) : new Date();
}
