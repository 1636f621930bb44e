import { Readable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import type { AuthUser } from '@atende/sdk-server';
import { SchedulesService } from './schedules.service.js';
import { SchedulesController } from './schedules.controller.js';

/** Issue 27 item 10: GET /schedules/:id/media streams the file through the Media port, never reading it whole. */
describe('schedule image', () => {
  it('is served from the Media port stream with its size, and nothing is read before the response pulls it', async () => {
    const CHUNK = 1024 * 1024;
    const CHUNKS = 64; // a 64 MB file: read whole it would sit in memory
    let produced = 0;
    const stream = Readable.from(
      (function* () {
        for (let i = 0; i < CHUNKS; i++) {
          produced += 1;
          yield Buffer.alloc(CHUNK);
        }
      })(),
    );
    const media = {
      read: vi.fn(async () => {
        throw new Error('read whole into memory');
      }),
      open: vi.fn(async () => ({ stream, mimetype: 'image/png', size: CHUNK * CHUNKS })),
    };
    const em = { findOne: vi.fn(async () => ({ id: 5, companyId: 3, mediaUrl: '/api/media/0b5a3c1e-1111-4222-8333-944455556666.png' })) };
    const service = new SchedulesService(em as never, media as never, {} as never, {} as never, {} as never, {} as never);
    const user: AuthUser = { id: 9, companyId: 3, profile: 'user', super: false };

    const file = await new SchedulesController(service, media as never).image(user, 5);

    expect(em.findOne).toHaveBeenCalledWith(expect.anything(), { id: 5, companyId: 3 });
    expect(media.open).toHaveBeenCalledWith(3, '/api/media/0b5a3c1e-1111-4222-8333-944455556666.png');
    expect(media.read).not.toHaveBeenCalled();
    expect(file.getStream()).toBe(stream);
    expect(file.getHeaders()).toMatchObject({ type: 'image/png', length: CHUNK * CHUNKS, disposition: 'inline' });
    expect(produced).toBe(0);
    stream.destroy();
  });
});
