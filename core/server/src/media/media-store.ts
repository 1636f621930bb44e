import { randomUUID } from 'node:crypto';
import { chmod, copyFile, link, mkdir, open, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { AppError } from '@atende/sdk-server';
import { APP_CONFIG, type AppConfig } from '../config/config.js';

/** Media types kept, by MIME type, with the extension files get; anything else is refused. */
const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/aac': 'aac',
  'audio/wav': 'wav',
  'audio/webm': 'weba',
  'video/mp4': 'mp4',
  'video/3gpp': '3gp',
  'video/webm': 'webm',
  'application/pdf': 'pdf',
  'application/zip': 'zip',
  'text/plain': 'txt',
  'text/csv': 'csv',
  'application/vnd.ms-powerpoint': 'ppt',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.ms-excel': 'xls',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
};
export const MAX_MEDIA_BYTES = 64 * 1024 * 1024;
const NAME = /^[0-9a-f-]{36}\.[a-z0-9]{2,5}$/;

/**
 * Media files under DATA_DIR/media/<companyId>/ with server-generated names (never the sender's),
 * served only to users of that company through GET /api/media/{name}.
 */
@Injectable()
export class MediaStore {
  private readonly root: string;
  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.root = path.join(config.dataDir, 'media');
  }

  async save(companyId: number, mimetype: string, data: Buffer): Promise<string> {
    const ext = EXTENSIONS[mimetype.split(';')[0].trim().toLowerCase()];
    if (!ext) throw AppError.validation([{ path: 'media', message: 'unsupported_media_type' }]);
    if (data.length > MAX_MEDIA_BYTES) throw AppError.validation([{ path: 'media', message: 'media_too_large' }]);
    const name = `${randomUUID()}.${ext}`;
    const dir = path.join(this.root, String(companyId));
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, name), data, { mode: 0o600 });
    return `/api/media/${name}`;
  }

  /** Keeps an uploaded file (moved, not read into memory) under a server-made name; returns its URL. */
  async saveFile(companyId: number, mimetype: string, from: string): Promise<string> {
    const ext = EXTENSIONS[mimetype.split(';')[0].trim().toLowerCase()];
    if (!ext) throw AppError.validation([{ path: 'media', message: 'unsupported_media_type' }]);
    const name = `${randomUUID()}.${ext}`;
    const dir = path.join(this.root, String(companyId));
    await mkdir(dir, { recursive: true });
    const to = path.join(dir, name);
    try {
      await rename(from, to);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
      await copyFile(from, to); // another filesystem: copy (streamed by the OS), the temp file goes later
    }
    await chmod(to, 0o600);
    return `/api/media/${name}`;
  }

  /** The file behind one of this company's media URLs (`/api/media/<name>`), or null for anything else. */
  pathOf(companyId: number, url: string): string | null {
    const name = url.startsWith('/api/media/') ? url.slice('/api/media/'.length) : '';
    return NAME.test(name) ? path.join(this.root, String(companyId), name) : null;
  }

  mimetypeOf(url: string): string {
    const ext = url.split('.').pop() ?? '';
    return Object.entries(EXTENSIONS).find(([, e]) => e === ext)?.[0] ?? 'application/octet-stream';
  }

  /**
   * A second name for the same bytes (a hard link; a copy where links are not possible), so a sent
   * message keeps its file when the quick message it came from changes or drops its attachment.
   */
  async duplicate(companyId: number, url: string): Promise<string> {
    const from = this.pathOf(companyId, url);
    if (!from) throw AppError.notFound();
    const name = `${randomUUID()}.${url.split('.').pop()}`;
    const to = path.join(this.root, String(companyId), name);
    try {
      await link(from, to);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw AppError.notFound();
      await writeFile(to, await readFile(from), { mode: 0o600 });
    }
    return `/api/media/${name}`;
  }

  async exists(companyId: number, url: string): Promise<boolean> {
    const file = this.pathOf(companyId, url);
    return !!file && (await stat(file).then((s) => s.isFile()).catch(() => false));
  }

  /**
   * A stream of one of this company's files with its size, read from one open descriptor (the size is
   * the file's that is streamed, even if the name is replaced meanwhile). 404 for anything else.
   */
  async open(companyId: number, url: string): Promise<{ stream: Readable; mimetype: string; size: number }> {
    const file = this.pathOf(companyId, url);
    if (!file) throw AppError.notFound();
    const handle = await open(file, 'r').catch(() => null);
    if (!handle) throw AppError.notFound();
    const info = await handle.stat().catch(() => null);
    if (!info?.isFile()) {
      await handle.close();
      throw AppError.notFound();
    }
    // The stream closes the descriptor when it ends or is destroyed.
    return { stream: handle.createReadStream(), mimetype: this.mimetypeOf(url), size: info.size };
  }

  /** Every file of a company (the company is being deleted). */
  async removeCompany(companyId: number): Promise<void> {
    if (!Number.isInteger(companyId) || companyId <= 0) throw new Error(`Not a company id: ${companyId}`);
    await rm(path.join(this.root, String(companyId)), { recursive: true, force: true });
  }

  async remove(companyId: number, url: string): Promise<void> {
    const file = this.pathOf(companyId, url);
    if (file) await unlink(file).catch(() => undefined);
  }

  async read(companyId: number, name: string): Promise<{ data: Buffer; mimetype: string }> {
    if (!NAME.test(name)) throw AppError.notFound();
    const ext = name.split('.').pop()!;
    const mimetype = Object.entries(EXTENSIONS).find(([, e]) => e === ext)?.[0] ?? 'application/octet-stream';
    try {
      return { data: await readFile(path.join(this.root, String(companyId), name)), mimetype };
    } catch {
      throw AppError.notFound();
    }
  }
}
