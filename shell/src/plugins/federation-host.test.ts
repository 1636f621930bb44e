import { describe, expect, it, vi } from 'vitest';

// The federation runtime, recorded: which shared modules the shell loads, and when.
const loadShare = vi.fn(async (_name: string) => () => ({}));
vi.mock('@module-federation/runtime', () => ({ init: vi.fn(), loadRemote: vi.fn(), loadShare, registerRemotes: vi.fn(), satisfy: vi.fn() }));
vi.mock('@module-federation/runtime/core', () => ({ Global: {} }));
// A share scope as atendeHost writes it: the singletons, and the contracts for remotes built before SDK 1.1.
vi.mock('./shared-modules.js', () => ({
  shared: { react: {}, 'react/jsx-runtime': {}, antd: {}, '@atende/sdk-web': {}, '@atende/core-contract': {} },
  versions: { react: '19.3.1', antd: '6.6.8', '@atende/sdk-web': '1.0.0', '@atende/core-contract': '1.0.0' },
}));
const { sharesLoaded, hostOnlySharesLoaded } = await import('./federation-host.js');

describe("the shell's shared modules (issue 32: a plugin page's first view)", () => {
  it('loads every singleton before any remote, but not the contracts newer remotes bundle', async () => {
    await sharesLoaded;
    expect(loadShare.mock.calls.map(([name]) => name)).toEqual(['react', 'react/jsx-runtime', 'antd', '@atende/sdk-web']);
  });

  it('loads the contracts only for a remote that declares them (built before SDK 1.1)', async () => {
    loadShare.mockClear();
    await hostOnlySharesLoaded({ id: 'newer', shared: { react: '^19.3.1', antd: '^6.6.8' } });
    expect(loadShare).not.toHaveBeenCalled();
    await hostOnlySharesLoaded({ id: 'older', shared: { react: '^19.3.1', '@atende/core-contract': '^1.0.0' } });
    expect(loadShare.mock.calls.map(([name]) => name)).toEqual(['@atende/core-contract']);
  });
});
