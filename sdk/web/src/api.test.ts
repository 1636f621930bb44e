import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, PREFETCH_TTL_MS, prefetch } from './api.js';
import { $token, $user, sessionEnded, sessionStarted } from './session.model.js';

const user = { id: 1, name: 'A', email: 'a@x', profile: 'admin', super: false, language: null, companyId: 1, company: { id: 1, name: 'C', dueDate: null, settings: [], planFlags: {} } } as never;

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
  sessionEnded();
});

describe('api client', () => {
  it('refreshes once for concurrent expired requests and retries each with the new token', async () => {
    sessionStarted({ token: 'old', user });
    const calls: string[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      const auth = (init.headers as Record<string, string> | undefined)?.Authorization;
      calls.push(`${init.method} ${url} ${auth ?? ''}`);
      if (url.endsWith('/auth/refresh_token')) {
        await new Promise((r) => setTimeout(r, 10));
        return json(200, { token: 'new', user });
      }
      return auth === 'Bearer new' ? json(200, { ok: url }) : json(403, { error: 'ERR_SESSION_EXPIRED', message: 'expired' });
    });
    const [a, b] = await Promise.all([api.get('/a'), api.get('/b')]);
    expect(a).toEqual({ ok: '/api/a' });
    expect(b).toEqual({ ok: '/api/b' });
    expect(calls.filter((c) => c.includes('refresh_token'))).toHaveLength(1);
    expect($token.getState()).toBe('new');
  });

  it('ends the session when the refresh fails', async () => {
    sessionStarted({ token: 'old', user });
    vi.stubGlobal('fetch', async (url: string) =>
      url.endsWith('/auth/refresh_token') ? json(401, { error: 'ERR_SESSION_EXPIRED', message: 'x' }) : json(403, { error: 'ERR_SESSION_EXPIRED', message: 'x' }),
    );
    await expect(api.get('/a')).rejects.toMatchObject({ status: 403, code: 'ERR_SESSION_EXPIRED' });
    expect($token.getState()).toBeNull();
    expect($user.getState()).toBeNull();
  });

  it('ends the session on 401 and carries the server code on other errors', async () => {
    sessionStarted({ token: 't', user });
    vi.stubGlobal('fetch', async () => json(404, { error: 'ERR_NO_HELP_FOUND', message: 'Help not found.' }));
    const err = await api.get('/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 404, code: 'ERR_NO_HELP_FOUND', message: 'Help not found.' });
    expect($token.getState()).toBe('t');
    vi.stubGlobal('fetch', async () => json(401, { error: 'ERR_INVALID_TOKEN', message: 'x' }));
    await expect(api.get('/x')).rejects.toBeInstanceOf(ApiError);
    expect($token.getState()).toBeNull();
  });

  it('does not retry a 403 that is a permission refusal', async () => {
    sessionStarted({ token: 't', user });
    const fetchMock = vi.fn(async () => json(403, { error: 'ERR_NO_PERMISSION', message: 'no' }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(api.post('/helps', {})).rejects.toMatchObject({ code: 'ERR_NO_PERMISSION' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect($token.getState()).toBe('t');
  });

  it('answers media as a Blob with the bearer token, and errors still as ApiError', async () => {
    sessionStarted({ token: 't', user });
    const bytes = new Uint8Array([0, 255, 1, 254]);
    let auth: string | undefined;
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      auth = (init.headers as Record<string, string>).Authorization;
      return new Response(bytes, { status: 200, headers: { 'content-type': 'image/png' } });
    });
    const blob = await api.get<Blob>('/media/a.png', { responseType: 'blob' });
    expect(blob).toBeInstanceOf(Blob);
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(bytes);
    expect(auth).toBe('Bearer t');
    vi.stubGlobal('fetch', async () => json(404, { error: 'ERR_NOT_FOUND', message: 'x' }));
    await expect(api.get('/media/b.png', { responseType: 'blob' })).rejects.toMatchObject({ status: 404, code: 'ERR_NOT_FOUND' });
  });
});

describe('prefetch', () => {
  it('a GET started early is taken once by the same GET with the same token; the next one asks again', async () => {
    sessionStarted({ token: 't', user });
    const fetchMock = vi.fn(async (u: string) => json(200, { url: u, n: fetchMock.mock.calls.length }));
    vi.stubGlobal('fetch', fetchMock);
    prefetch('/tickets', { status: 'open', showAll: 'false', pageNumber: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/tickets?status=open&showAll=false&pageNumber=1');
    expect(await api.get('/tickets', { query: { status: 'open', showAll: 'false', pageNumber: 1 } })).toEqual({ url: '/api/tickets?status=open&showAll=false&pageNumber=1', n: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await api.get('/tickets', { query: { status: 'open', showAll: 'false', pageNumber: 1 } });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('is not taken by another query, another token or after its time', async () => {
    sessionStarted({ token: 't', user });
    const fetchMock = vi.fn(async (u: string, init: RequestInit) => json(200, { url: u, auth: (init.headers as Record<string, string>).Authorization }));
    vi.stubGlobal('fetch', fetchMock);
    prefetch('/a', { x: 1 });
    await api.get('/a', { query: { x: 2 } });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    prefetch('/b');
    sessionStarted({ token: 'other', user });
    expect(await api.get('/b')).toEqual({ url: '/api/b', auth: 'Bearer other' });
    expect(fetchMock).toHaveBeenCalledTimes(4);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      prefetch('/c');
      vi.setSystemTime(Date.now() + PREFETCH_TTL_MS + 1);
      await api.get('/c');
      expect(fetchMock).toHaveBeenCalledTimes(6);
    } finally {
      vi.useRealTimers();
    }
  });

  it('is dropped when the session ends, even if the same token comes back', async () => {
    sessionStarted({ token: 't', user });
    const fetchMock = vi.fn(async () => json(200, {}));
    vi.stubGlobal('fetch', fetchMock);
    prefetch('/x');
    sessionEnded();
    sessionStarted({ token: 't', user });
    await api.get('/x');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('an early answer of an expired session goes through the refresh like any other', async () => {
    sessionStarted({ token: 'old', user });
    const fetchMock = vi.fn(async (u: string, init: RequestInit) => {
      if (u.endsWith('/auth/refresh_token')) return json(200, { token: 'new', user });
      return (init.headers as Record<string, string>).Authorization === 'Bearer new' ? json(200, { ok: true }) : json(403, { error: 'ERR_SESSION_EXPIRED', message: 'expired' });
    });
    vi.stubGlobal('fetch', fetchMock);
    prefetch('/auth/me');
    expect(await api.get('/auth/me')).toEqual({ ok: true });
    expect(fetchMock.mock.calls.map(([u]) => u)).toEqual(['/api/auth/me', '/api/auth/refresh_token', '/api/auth/me']);
  });
});

describe("the boot script's early answers", () => {
  it('are taken by the first matching GET of the token they were asked with', async () => {
    vi.resetModules();
    (globalThis as { __atendeEarly?: unknown }).__atendeEarly = [{ url: '/api/auth/me', token: 'tok', answer: Promise.resolve(json(200, { early: true })) }];
    const fresh = await import('./api.js');
    const session = await import('./session.model.js');
    session.sessionStarted({ token: 'tok', user });
    const fetchMock = vi.fn(async () => json(200, { early: false }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await fresh.api.get('/auth/me')).toEqual({ early: true });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await fresh.api.get('/auth/me')).toEqual({ early: false });
    expect((globalThis as { __atendeEarly?: unknown[] }).__atendeEarly).toEqual([]);
  });
});

describe('prefetch and abort signals', () => {
  it("a caller with a signal takes the started answer, and gives up on it when its signal aborts first", async () => {
    sessionStarted({ token: 't', user });
    let answer!: (r: Response) => void;
    const fetchMock = vi.fn(() => new Promise<Response>((r) => (answer = r)));
    vi.stubGlobal('fetch', fetchMock);
    prefetch('/plugins/public');
    const controller = new AbortController();
    const asked = api.get('/plugins/public', { signal: controller.signal });
    controller.abort(new Error('timed out'));
    await expect(asked).rejects.toThrow('timed out');
    answer(json(200, []));
    prefetch('/plugins/public');
    const taken = api.get('/plugins/public', { signal: new AbortController().signal });
    answer(json(200, ['ok']));
    expect(await taken).toEqual(['ok']);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
