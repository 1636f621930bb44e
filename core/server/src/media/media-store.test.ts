import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MediaStore } from './media-store.js';
import type { AppConfig } from '../config/config.js';

/** Issue 27 item 10: the Media port's exists (a stat) and open (a stream with its size), per company. */
describe('media store: exists and open', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'media-store-'));
  const store = new MediaStore({ dataDir } as AppConfig);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("streams one of the company's files with its size and type; another company's or a made-up name is 404", async () => {
    const data = Buffer.alloc(300_000, 7);
    const url = await store.save(3, 'image/png', data);
    expect(await store.exists(3, url)).toBe(true);
    expect(await store.exists(4, url)).toBe(false);
    expect(await store.exists(3, '/api/media/../../3/x.png')).toBe(false);

    const file = await store.open(3, url);
    expect({ mimetype: file.mimetype, size: file.size }).toEqual({ mimetype: 'image/png', size: data.length });
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream) chunks.push(chunk as Buffer);
    // More than one chunk: the file came off disk piece by piece, not as one buffer.
    expect(chunks.length).toBeGreaterThan(1);
    expect(Buffer.concat(chunks).equals(data)).toBe(true);

    await expect(store.open(4, url)).rejects.toMatchObject({ status: 404 });
    await expect(store.open(3, '/api/media/00000000-0000-0000-0000-000000000000.png')).rejects.toMatchObject({ status: 404 });
    await expect(store.open(3, 'https://elsewhere.test/x.png')).rejects.toMatchObject({ status: 404 });
  });
});
