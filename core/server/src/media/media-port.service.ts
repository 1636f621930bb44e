import { Inject, Injectable } from '@nestjs/common';
import { copyFile, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, Response } from 'express';
import type { Redis } from 'ioredis';
import type { Media, OpenedMedia, ReceiveOptions, ReceivedFile, StoredMedia } from '@atende/sdk-server';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { REDIS } from '../jobs/redis.js';
import { redisNamespace } from '../jobs/namespace.js';
import { MAX_CONCURRENT_UPLOADS } from './upload.interceptor.js';
import { receiveUpload, type UploadSlots } from './receive-upload.js';
import { keepUpload } from './keep-upload.js';
import { MediaStore } from './media-store.js';
import { sheetRows } from './sheet-reader.js';
import { checkUpload } from './upload-policy.js';
import { ffmpegPath } from './voice-note.js';

/** Rows a plugin may read from one sheet unless it asks for fewer. */
const SHEET_MAX_ROWS = 10_000;

/** The SDK's Media port: the agents' upload policy, voice notes and spreadsheet reader for plugins. */
@Injectable()
export class MediaPortService implements Media {
  private readonly ffmpeg: string;
  private readonly slots: UploadSlots;

  constructor(
    private readonly files: MediaStore,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(REDIS) redis: Redis,
  ) {
    this.ffmpeg = ffmpegPath(config.FFMPEG_PATH);
    this.slots = { redis, prefix: `${redisNamespace(config)}:uploads:user:`, max: MAX_CONCURRENT_UPLOADS };
  }

  /** Express's request and response are Node's, extended: plugins pass what `@Req()`/`@Res()` give them. */
  receive(req: IncomingMessage, res: ServerResponse, options: ReceiveOptions): Promise<ReceivedFile> {
    return receiveUpload(this.slots, req as Request, res as Response, options);
  }

  remove(companyId: number, url: string): Promise<void> {
    return this.files.remove(companyId, url);
  }

  async store(companyId: number, file: { path: string; name: string; mimetype: string }, options: { voice?: boolean } = {}): Promise<StoredMedia> {
    // A copy is checked and kept (moved in): the plugin's own file stays where it is.
    const dir = await mkdtemp(path.join(tmpdir(), 'atende-media-'));
    try {
      const copy = path.join(dir, 'upload');
      await copyFile(file.path, copy);
      const { size } = await stat(copy);
      const checked = checkUpload({ fieldname: 'file', originalname: file.name, mimetype: file.mimetype, path: copy, size } as Express.Multer.File);
      return await keepUpload(this.files, this.ffmpeg, companyId, checked, options.voice !== false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  read(companyId: number, url: string): Promise<{ data: Buffer; mimetype: string }> {
    return this.files.read(companyId, url.startsWith('/api/media/') ? url.slice('/api/media/'.length) : '');
  }

  exists(companyId: number, url: string): Promise<boolean> {
    return this.files.exists(companyId, url);
  }

  open(companyId: number, url: string): Promise<OpenedMedia> {
    return this.files.open(companyId, url);
  }

  readSheet(data: Buffer, options: { maxRows?: number } = {}): Promise<string[][]> {
    return sheetRows(data, Math.min(options.maxRows ?? SHEET_MAX_ROWS, SHEET_MAX_ROWS));
  }
}
