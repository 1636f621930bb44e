// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { PluginManifest } from '@atende/core-contract';
import { SDK_WEB_VERSION } from '@atende/sdk-web';
import { signedInAs } from '../testing.js';

// remote-import.ts is what downloads remotes (module federation): an incompatible one must be refused before it is touched.
const importRemote = vi.fn();
vi.mock('./remote-import.js', () => ({ importRemote, RemoteRefusedError: class RemoteRefusedError extends Error {} }));
const { loadWebPlugin } = await import('./remote-loader.js');
const { IncompatibleRemoteError } = await import('./incompatible-remote.js');
const { RemoteBoundary } = await import('./RemoteBoundary.js');

const manifest = (sdkWeb: string | null): PluginManifest => ({
  id: 'vendor-thing',
  version: '3.1.0',
  remoteEntry: '/plugins/vendor-thing/remoteEntry.js',
  sdkWeb,
  routes: [{ path: '/vendor-thing' }],
  menu: [],
  settingsTabs: [],
  zones: [],
  locked: false,
});

function Thrower({ error }: { error: Error }): never {
  throw error;
}

beforeAll(() => signedInAs());
afterEach(cleanup);

describe('a remote built with an SDK the shell cannot serve (issue 29 item 2)', () => {
  it('is refused before its code is downloaded, with both versions in the error', async () => {
    const major = Number(SDK_WEB_VERSION.split('.')[0]) + 1;
    const err = await loadWebPlugin(manifest(`${major}.0.0`)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(IncompatibleRemoteError);
    expect((err as Error).message).toBe(`Plugin vendor-thing not loaded: built with SDK ${major}.0.0, the shell runs SDK ${SDK_WEB_VERSION} (another major version).`);
    expect(importRemote).not.toHaveBeenCalled();
  });

  it('shows a notice naming the plugin and both SDK versions, without a retry that cannot help', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <RemoteBoundary pluginId="vendor-thing">
        <Thrower error={new IncompatibleRemoteError('vendor-thing', '9.0.0', 'built with SDK 9.0.0')} />
      </RemoteBoundary>,
    );
    const notice = await screen.findByTestId('remote-incompatible');
    expect(notice.textContent).toContain('vendor-thing');
    expect(notice.textContent).toContain('9.0.0');
    expect(notice.textContent).toContain(SDK_WEB_VERSION);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('loads a remote stamped with the same SDK', async () => {
    importRemote.mockResolvedValueOnce({ default: { id: 'vendor-thing' } });
    await expect(loadWebPlugin(manifest(SDK_WEB_VERSION))).resolves.toMatchObject({ id: 'vendor-thing' });
    expect(importRemote).toHaveBeenCalledWith('/plugins/vendor-thing/remoteEntry.js', 'vendor-thing');
  });
});
