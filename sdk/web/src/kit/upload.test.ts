import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api.js';
import { tokenRefreshed } from '../session.model.js';
import { uploadWithProgress } from './upload.js';

/** A stand-in XMLHttpRequest: answers what `answers` says, in order, reporting upload progress first. */
function fakeXhr(answers: { status: number; body: unknown }[]) {
  const sent: { method: string; url: string; auth?: string }[] = [];
  class FakeXhr {
    upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
    onload?: () => void;
    onerror?: () => void;
    onabort?: () => void;
    status = 0;
    responseText = '';
    private req = { method: '', url: '', auth: undefined as string | undefined };
    open(method: string, url: string) {
      this.req = { method, url, auth: undefined };
    }
    setRequestHeader(name: string, value: string) {
      if (name === 'Authorization') this.req.auth = value;
    }
    abort() {
      this.onabort?.();
    }
    send() {
      sent.push(this.req);
      const answer = answers.shift()!;
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        this.status = answer.status;
        this.responseText = JSON.stringify(answer.body);
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

describe('uploadWithProgress (issue 12 item 5)', () => {
  it('reports progress and answers the JSON body, with the bearer token', async () => {
    tokenRefreshed('tok-1');
    const sent = fakeXhr([{ status: 200, body: { id: 7 } }]);
    const progress: number[] = [];
    await expect(uploadWithProgress<{ id: number }>('/quick-messages/7/media-upload', new FormData(), { onProgress: (f) => progress.push(f) })).resolves.toEqual({ id: 7 });
    expect(progress).toEqual([0.5, 1]);
    expect(sent).toEqual([{ method: 'POST', url: '/api/quick-messages/7/media-upload', auth: 'Bearer tok-1' }]);
  });

  it('fails with the API error the server gave (code, status, field details)', async () => {
    fakeXhr([{ status: 413, body: { error: 'ERR_MEDIA_TOO_LARGE', message: 'too large', details: [{ path: 'file' }] } }]);
    const err = await uploadWithProgress('/x', new FormData()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 413, code: 'ERR_MEDIA_TOO_LARGE', details: [{ path: 'file' }] });
  });

  it('refreshes an expired session once and sends again', async () => {
    tokenRefreshed('old');
    const sent = fakeXhr([
      { status: 403, body: { error: 'ERR_SESSION_EXPIRED' } },
      { status: 201, body: { ok: true } },
    ]);
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ token: 'new', user: { id: 1 } }), { status: 200, headers: { 'content-type': 'application/json' } }));
    await expect(uploadWithProgress('/x', new FormData(), { method: 'PUT' })).resolves.toEqual({ ok: true });
    expect(sent.map((s) => [s.method, s.auth])).toEqual([
      ['PUT', 'Bearer old'],
      ['PUT', 'Bearer new'],
    ]);
  });
});
