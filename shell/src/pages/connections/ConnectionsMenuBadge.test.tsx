// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import type { Connection } from '@atende/core-contract';

vi.mock('@atende/sdk-web', async (importOriginal) => {
  const real = await importOriginal<typeof import('@atende/sdk-web')>();
  // The kit inside the SDK calls the same `api` object: its methods are replaced in place.
  Object.assign(real.api, { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() });
  return real;
});
const { api, realtimeStatusChanged } = await import('@atende/sdk-web');
const { ConnectionsMenuBadge } = await import('./ConnectionsMenuBadge.js');
const { ATTENTION_STATUSES, needsAttention } = await import('./connectionStatus.js');
const { connection, fakeSocket, setUpShell, wrap } = await import('./testing.js');

const get = vi.mocked(api.get);
const badge = () => screen.queryByTestId('connections-warning');

/** Lets the mocked GET answer and React commit. */
const settle = () => act(async () => void (await Promise.resolve()));

describe('connections drawer badge', { timeout: 30_000 }, () => {
  beforeAll(() => setUpShell('admin'));
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    get.mockReset();
  });

  it('warns exactly for qrcode, PAIRING, DISCONNECTED, TIMEOUT and OPENING', () => {
    expect([...ATTENTION_STATUSES].sort()).toEqual(['DISCONNECTED', 'OPENING', 'PAIRING', 'TIMEOUT', 'qrcode']);
    for (const status of ['qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING'] as const) {
      expect(needsAttention([{ status: 'CONNECTED' }, { status }])).toBe(true);
    }
    expect(needsAttention([{ status: 'CONNECTED' }, { status: 'CONNECTED' }])).toBe(false);
    expect(needsAttention([])).toBe(false);
  });

  it('shows the badge 2 seconds after the list loads, not before', async () => {
    get.mockResolvedValue([connection({ status: 'CONNECTED' }), connection({ status: 'qrcode' })] satisfies Connection[]);
    fakeSocket();
    render(wrap(<ConnectionsMenuBadge>Conexiones</ConnectionsMenuBadge>));
    await settle();
    expect(get).toHaveBeenCalledWith('/whatsapp');
    expect(screen.getByText('Conexiones')).toBeTruthy();
    act(() => void vi.advanceTimersByTime(1999));
    expect(badge()).toBeNull();
    act(() => void vi.advanceTimersByTime(1));
    expect(badge()).not.toBeNull();
  });

  it('follows live session updates, again 2 seconds after each change', async () => {
    const c = connection({ status: 'CONNECTED' });
    get.mockResolvedValue([c]);
    const socket = fakeSocket();
    render(wrap(<ConnectionsMenuBadge>Conexiones</ConnectionsMenuBadge>));
    await settle();
    act(() => void vi.advanceTimersByTime(2000));
    expect(badge()).toBeNull();

    act(() => socket.emit('whatsappSession', { action: 'update', session: { ...c, status: 'TIMEOUT' } }));
    act(() => void vi.advanceTimersByTime(1500));
    expect(badge()).toBeNull();
    act(() => void vi.advanceTimersByTime(500));
    expect(badge()).not.toBeNull();

    act(() => socket.emit('whatsappSession', { action: 'update', session: { ...c, status: 'CONNECTED' } }));
    act(() => void vi.advanceTimersByTime(1999));
    expect(badge()).not.toBeNull();
    act(() => void vi.advanceTimersByTime(1));
    expect(badge()).toBeNull();

    // A deleted connection that needed attention no longer counts.
    const other = connection({ status: 'DISCONNECTED' });
    act(() => socket.emit('whatsapp', { action: 'update', whatsapp: other }));
    act(() => void vi.advanceTimersByTime(2000));
    expect(badge()).not.toBeNull();
    act(() => socket.emit('whatsapp', { action: 'delete', whatsappId: other.id }));
    act(() => void vi.advanceTimersByTime(2000));
    expect(badge()).toBeNull();
  });

  it('reads the list again after the socket comes back (events sent meanwhile are lost)', async () => {
    get.mockResolvedValueOnce([connection({ id: 50, status: 'CONNECTED' })]).mockResolvedValueOnce([connection({ id: 50, status: 'TIMEOUT' })]);
    fakeSocket();
    render(wrap(<ConnectionsMenuBadge>Conexiones</ConnectionsMenuBadge>));
    await settle();
    act(() => void vi.advanceTimersByTime(2000));
    expect(badge()).toBeNull();
    act(() => realtimeStatusChanged('disconnected'));
    act(() => realtimeStatusChanged('connected'));
    await settle();
    expect(get).toHaveBeenCalledTimes(2);
    act(() => void vi.advanceTimersByTime(2000));
    expect(badge()).not.toBeNull();
  });

  it('keeps a live change that arrives while the list is being read', async () => {
    const c = connection({ id: 60, status: 'CONNECTED' });
    let answer: (rows: Connection[]) => void = () => undefined;
    get.mockReturnValue(new Promise((resolve) => (answer = resolve)) as never);
    const socket = fakeSocket();
    render(wrap(<ConnectionsMenuBadge>Conexiones</ConnectionsMenuBadge>));
    // The session drops after the server read the list but before its answer arrived.
    act(() => socket.emit('whatsappSession', { action: 'update', session: { ...c, status: 'DISCONNECTED' } }));
    await act(async () => answer([c]));
    act(() => void vi.advanceTimersByTime(2000));
    expect(badge()).not.toBeNull();
  });

  it('loads nothing for a user who may not see connections', async () => {
    await setUpShell('user');
    fakeSocket();
    render(wrap(<ConnectionsMenuBadge>Conexiones</ConnectionsMenuBadge>));
    await settle();
    act(() => void vi.advanceTimersByTime(3000));
    expect(get).not.toHaveBeenCalled();
    expect(badge()).toBeNull();
    cleanup();
    await setUpShell('admin');
  });
});
