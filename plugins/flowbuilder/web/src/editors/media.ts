import { uploadWithProgress } from '@atende/sdk-web';
import { FLOWBUILDER_ENDPOINTS, type FlowMedia } from '@atende/plugin-flowbuilder-contract';

/**
 * Uploads of the step editors (§7): several files at once to /flowbuilder/content, one image to
 * /flowbuilder/img, one audio to /flowbuilder/audio. Field `medias`; the answer's `url` is what node
 * data keeps.
 */
export function uploadContent(files: File[], onProgress?: (f: number) => void): Promise<FlowMedia[]> {
  const form = new FormData();
  for (const f of files) form.append('medias', f, f.name);
  form.append('body', JSON.stringify(files.map((f) => f.name)));
  return uploadWithProgress<FlowMedia[]>(FLOWBUILDER_ENDPOINTS.uploadContent.path, form, { onProgress });
}

export function uploadOne(kind: 'img' | 'audio', file: File, record = false): Promise<FlowMedia> {
  const form = new FormData();
  form.append('medias', file, file.name);
  form.append('fromMe', 'true');
  form.append('body', file.name);
  if (kind === 'audio') form.append('record', String(record));
  return uploadWithProgress<FlowMedia>((kind === 'img' ? FLOWBUILDER_ENDPOINTS.uploadImage : FLOWBUILDER_ENDPOINTS.uploadAudio).path, form);
}

/**
 * Recompresses a JPEG at the given quality (0.6 in content blocks, 0.7 elsewhere, §9) when that makes it
 * smaller; PNGs keep their bytes (transparency). Rejects when the browser cannot decode the image.
 */
export async function compressImage(file: File, quality: number): Promise<File> {
  if (file.type !== 'image/jpeg') return file;
  const bitmap = await createImageBitmap(file);
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d context');
  ctx.drawImage(bitmap, 0, 0);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
  if (!blob) throw new Error('not encoded');
  return blob.size < file.size ? new File([blob], file.name, { type: 'image/jpeg' }) : file;
}

/** The browser's address of a stored media url (served by the API host, §7). */
export const mediaSrc = (url: string) => (/^(https?:|blob:|data:|\/)/.test(url) ? url : `/api/${url}`);
