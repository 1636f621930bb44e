import { AppError } from '@atende/sdk-server';
import type { MediaStore } from './media-store.js';
import type { CheckedUpload } from './upload-policy.js';
import { toVoiceNote } from './voice-note.js';

export interface KeptUpload {
  url: string;
  kind: CheckedUpload['kind'];
  mimetype: string;
  name: string | null;
}

/**
 * Keeps a checked upload for the company: audio becomes an OGG/Opus voice note (unless `voice` is
 * false), anything else is moved in as it is. Shared by the agents' send (messages controller) and
 * quick messages and the plugins' Media port. `field` names the form field in an unreadable-audio error.
 */
export async function keepUpload(store: MediaStore, ffmpeg: string, companyId: number, u: CheckedUpload, voice = true, field = 'medias'): Promise<KeptUpload> {
  if (u.kind !== 'audio' || !voice) return { url: await store.saveFile(companyId, u.mimetype, u.path), kind: u.kind, mimetype: u.mimetype, name: u.originalName };
  let note: Buffer;
  try {
    note = await toVoiceNote(u.path, ffmpeg, u.mimetype);
  } catch {
    throw new AppError('ERR_MEDIA_TYPE_NOT_ALLOWED', 415, 'The audio file could not be read.', [{ path: field, message: 'unreadable_audio' }]);
  }
  return { url: await store.save(companyId, 'audio/ogg', note), kind: 'audio', mimetype: 'audio/ogg', name: null };
}
