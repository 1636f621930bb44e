import type { AnyMessageContent } from '@whiskeysockets/baileys';
import type { OutboundMessage } from '@atende/sdk-server';

/** Text, or media by mimetype. Voice notes must already be OGG/Opus: WhatsApp plays nothing else as ptt. */
export function outboundContent({ body, media }: OutboundMessage): AnyMessageContent {
  if (!media) return { text: body };
  const { mimetype, fileName } = media;
  // A path is streamed by Baileys from disk instead of holding the whole file in memory.
  const data = media.data ?? (media.path ? { url: media.path } : undefined);
  if (!data) throw new Error('Outbound media has neither data nor path.');
  const caption = body || undefined;
  if (mimetype.startsWith('image/')) return { image: data, mimetype, caption };
  if (mimetype.startsWith('video/')) return { video: data, mimetype, caption };
  // Audio has no caption in WhatsApp; the body is not sent with it.
  if (mimetype.startsWith('audio/')) {
    return media.ptt === false ? { audio: data, mimetype } : { audio: data, mimetype: 'audio/ogg; codecs=opus', ptt: true };
  }
  return { document: data, mimetype, fileName: fileName ?? 'file', caption };
}
