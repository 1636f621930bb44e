import type { InboundMediaType } from '@atende/sdk-server';

/** The kernel's upload limits (docs/plugins/guide.md, Files): 16 MB images, 64 MB anything else. */
export const maxBytesFor = (mimetype: string): number => (mimetype.startsWith('image/') ? 16 : 64) * 1024 * 1024;

/** Types a Cloud API message may carry (Meta's supported media), and the kind the kernel stores. */
const ALLOWED: Record<string, InboundMediaType> = {
  'image/jpeg': 'image',
  'image/png': 'image',
  'image/webp': 'image',
  'audio/ogg': 'audio',
  'audio/mpeg': 'audio',
  'audio/mp4': 'audio',
  'audio/aac': 'audio',
  'audio/amr': 'audio',
  'video/mp4': 'video',
  'video/3gpp': 'video',
  'application/pdf': 'application',
  'text/plain': 'application',
  'application/msword': 'application',
  'application/vnd.ms-excel': 'application',
  'application/vnd.ms-powerpoint': 'application',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'application',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'application',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'application',
};

/** First bytes of the types whose signature is fixed: a file that says it is one and is not is refused. */
const MAGIC: Record<string, (b: Buffer) => boolean> = {
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/webp': (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  'application/pdf': (b) => b.subarray(0, 5).toString('latin1') === '%PDF-',
  'audio/ogg': (b) => b.subarray(0, 4).toString('latin1') === 'OggS',
  'video/mp4': (b) => b.subarray(4, 8).toString('latin1') === 'ftyp',
};

/** The kind to store a media file as, or null when its type is not allowed or its bytes contradict it. */
export function checkMedia(mimetype: string, data: Buffer): InboundMediaType | null {
  const type = mimetype.split(';')[0].trim().toLowerCase();
  const kind = ALLOWED[type];
  if (!kind) return null;
  const magic = MAGIC[type];
  if (magic && !magic(data)) return null;
  return kind;
}
