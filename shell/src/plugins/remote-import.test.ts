// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { satisfy } from '@module-federation/runtime';

const registerRemotes = vi.fn();
const loadRemote = vi.fn(async () => ({ default: { id: 'helps' } }));
// The shell's shared modules, loaded before any remote registers (federation-host.ts): held by the test.
let sharesDone!: () => void;
const sharesLoaded = new Promise<void>((resolve) => (sharesDone = resolve));
// The contracts, loaded only for a remote built before SDK 1.1 (one that declares them): held by the test too.
let hostOnlyDone!: () => void;
const hostOnlyLoaded = new Promise<void>((resolve) => (hostOnlyDone = resolve));
const hostOnlySharesLoaded = vi.fn((requirements: { shared: Record<string, string> }) => ('@atende/core-contract' in requirements.shared ? hostOnlyLoaded : Promise.resolve()));
vi.mock('./federation-host.js', () => ({ registerRemotes, loadRemote, satisfy, sharesLoaded, hostOnlySharesLoaded, versions: { react: '19.3.1', '@atende/sdk-web': '0.1.0', '@atende/core-contract': '1.0.0' } }));
const { RemoteRefusedError, devRemoteEntry, importRemote } = await import('./remote-import.js');
const { $refusedRemotes } = await import('./web-plugins.model.js');

function answer(shared: Record<string, string>, preload?: string[]) {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ id: 'x', shared, preload }), { status: 200 })));
}
const preloads = () => Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')).map((l) => new URL(l.href).pathname);

afterEach(() => {
  vi.unstubAllGlobals();
  registerRemotes.mockClear();
  loadRemote.mockClear();
});

describe('importing a remote (issue 30)', () => {
  it('no remote registers before the shell has loaded every shared module (a stub must not stand in for them); their files preload meanwhile', async () => {
    answer({ react: '19.3.1', '@atende/sdk-web': '^0.1.0' }, ['remoteEntry.js', 'assets/plugin-1.js', '../other/assets/x.js']);
    const first = importRemote('/plugins/alpha/remoteEntry.js', 'alpha');
    const second = importRemote('/plugins/beta/remoteEntry.js', 'beta');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(registerRemotes).not.toHaveBeenCalled();
    expect(loadRemote).not.toHaveBeenCalled();
    // Fetched and parsed, not run; a path out of the remote's folder is not followed.
    expect(preloads()).toEqual(['/plugins/alpha/remoteEntry.js', '/plugins/alpha/assets/plugin-1.js', '/plugins/beta/remoteEntry.js', '/plugins/beta/assets/plugin-1.js']);
    sharesDone();
    await Promise.all([first, second]);
    expect(registerRemotes).toHaveBeenCalledTimes(2);
  });

  it('a remote built before SDK 1.1 (it declares the contracts) registers only once they are loaded too; a newer one does not wait for them', async () => {
    answer({ react: '19.3.1', '@atende/sdk-web': '^0.1.0', '@atende/core-contract': '^1.0.0' });
    const older = importRemote('/plugins/older/remoteEntry.js', 'older');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(hostOnlySharesLoaded).toHaveBeenCalledWith(expect.objectContaining({ shared: expect.objectContaining({ '@atende/core-contract': '^1.0.0' }) }));
    expect(registerRemotes).not.toHaveBeenCalled();
    answer({ react: '19.3.1', '@atende/sdk-web': '^0.1.0' });
    await importRemote('/plugins/newer/remoteEntry.js', 'newer');
    expect(registerRemotes).toHaveBeenCalledTimes(1);
    expect(registerRemotes.mock.calls[0][0]).toEqual([expect.objectContaining({ name: 'atende_newer' })]);
    hostOnlyDone();
    await older;
    expect(registerRemotes).toHaveBeenCalledTimes(2);
  });

  it('a remote whose needs the shell meets is registered as a module remote and its plugin loaded', async () => {
    answer({ react: '19.3.1', '@atende/sdk-web': '^0.1.0' });
    expect(await importRemote('/plugins/helps/remoteEntry.js', 'helps')).toEqual({ default: { id: 'helps' } });
    expect(registerRemotes).toHaveBeenCalledWith([{ name: 'atende_helps', entry: '/plugins/helps/remoteEntry.js', type: 'module' }]);
    expect(loadRemote).toHaveBeenCalledWith('atende_helps/plugin');
    expect(vi.mocked(fetch).mock.calls[0][0].toString()).toMatch(/\/plugins\/helps\/atende-remote\.json$/);
  });

  it('a remote needing versions the shell does not run is refused before any of its code loads, and the refusal is told', async () => {
    answer({ react: '^18.2.0', '@atende/sdk-web': '^0.1.0', lodash: '^4.0.0' });
    const refused = importRemote('/plugins/old/remoteEntry.js', 'old');
    await expect(refused).rejects.toBeInstanceOf(RemoteRefusedError);
    await expect(refused).rejects.toThrow(/old.*react \^18\.2\.0 \(the shell has 19\.3\.1\).*lodash \^4\.0\.0 \(the shell has none\)/);
    expect(registerRemotes).not.toHaveBeenCalled();
    expect(loadRemote).not.toHaveBeenCalled();
    expect($refusedRemotes.getState().old.unmet).toEqual([
      { package: 'react', needs: '^18.2.0', has: '19.3.1' },
      { package: 'lodash', needs: '^4.0.0', has: null },
    ]);
  });

  it('a remote without its requirements file is not loaded', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('', { status: 404 })));
    await expect(importRemote('/plugins/bare/remoteEntry.js', 'bare')).rejects.toThrow(/atende-remote\.json.*404/);
    expect(registerRemotes).not.toHaveBeenCalled();
  });

  it('dev mode: the plugins named in VITE_ATENDE_DEV_REMOTES load from their dev servers, the rest from the kernel', () => {
    const list = 'helps=http://localhost:5174, kanban=http://127.0.0.1:5175';
    expect(devRemoteEntry('helps', list)).toBe('http://localhost:5174/plugins/helps/remoteEntry.js');
    expect(devRemoteEntry('kanban', list)).toBe('http://127.0.0.1:5175/plugins/kanban/remoteEntry.js');
    expect(devRemoteEntry('billing', list)).toBeUndefined();
    expect(devRemoteEntry('helps', undefined)).toBeUndefined();
  });
});
