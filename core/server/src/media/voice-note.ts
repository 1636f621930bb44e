import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';

const CONVERT_TIMEOUT_MS = 120_000;

/** FFMPEG_PATH (validated at boot) or the binary @ffmpeg-installer/ffmpeg ships for this platform. */
export const ffmpegPath = (override?: string) => override || ffmpegInstaller.path;

/**
 * ffmpeg's demuxer for each audio type the upload policy lets through (checked by content). Naming it
 * with `-f` stops ffmpeg from probing the file into some other format (playlists, concat lists and
 * other demuxers that open further files or URLs), and `-protocol_whitelist file` keeps it to the one
 * local file whatever the input says.
 */
export const FFMPEG_INPUT_FORMATS: Record<string, string> = {
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'mov',
  'audio/aac': 'aac',
  'audio/webm': 'matroska',
  'audio/wav': 'wav',
};

export function voiceNoteArgs(src: string, out: string, mimetype: string): string[] {
  const format = FFMPEG_INPUT_FORMATS[mimetype];
  if (!format) throw new Error(`No ffmpeg input format for ${mimetype}.`);
  return [
    '-hide_banner', '-loglevel', 'error', '-nostdin', '-y',
    '-protocol_whitelist', 'file', '-f', format, '-i', src,
    '-vn', '-map_metadata', '-1', '-ac', '1', '-ar', '48000', '-c:a', 'libopus', '-b:a', '48k', '-application', 'voip', '-f', 'ogg', out,
  ];
}

/**
 * Any allowed audio → OGG/Opus, mono, 48 kHz: the only thing WhatsApp plays as a voice note.
 * Through temporary files, not pipes: MP4/M4A keep their index at the end and need a seekable input.
 */
export async function toVoiceNote(src: string, ffmpeg: string, mimetype: string): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'atende-audio-'));
  try {
    const out = path.join(dir, 'out.ogg');
    await new Promise<void>((resolve, reject) => {
      const child = spawn(ffmpeg, voiceNoteArgs(src, out, mimetype), {
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000)));
      const timer = setTimeout(() => child.kill('SIGKILL'), CONVERT_TIMEOUT_MS);
      child.once('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        if (code === 0) resolve();
        else reject(new Error(`ffmpeg exited with ${code}: ${stderr.trim()}`));
      });
    });
    return await readFile(out);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
