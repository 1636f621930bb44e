import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError } from './api.js';
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
