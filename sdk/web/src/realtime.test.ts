import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

// socket.io-client as a chunk that fails to load once, then loads (a flaky network, a deploy).
let failures = 0;
const sockets: { disconnect: ReturnType<typeof vi.fn> }[] = [];
vi.mock('socket.io-client', () => {
  if (failures > 0) {
    failures--;
    throw new Error('chunk failed to load');
  }
  return {
    io: () => {
      const s = { on: vi.fn(), disconnect: vi.fn() };
      sockets.push(s);
      return s;
    },
  };
});

describe('connectRealtime', () => {
  // The node unit project shares a worker's module cache between files: start from modules of our own.
  beforeAll(() => vi.resetModules());
  afterEach(() => {
    vi.useRealTimers();
    vi.resetModules();
    sockets.length = 0;
  });

  it('tries again when socket.io-client fails to load, instead of leaving the page without live updates', async () => {
    vi.useFakeTimers();
    failures = 1;
    const { connectRealtime, getSocket } = await import('./realtime.js');
    const connecting = connectRealtime('token');
    await vi.advanceTimersByTimeAsync(1_000);
    const socket = await connecting;
    expect(socket).not.toBeNull();
    expect(getSocket()).toBe(socket);
  });

  it('gives up a connect that a sign-out overtook while it waited', async () => {
    vi.useFakeTimers();
    failures = 1;
    const { connectRealtime, disconnectRealtime, getSocket } = await import('./realtime.js');
    const connecting = connectRealtime('token');
    disconnectRealtime();
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(connecting).resolves.toBeNull();
    expect(getSocket()).toBeNull();
    expect(sockets).toHaveLength(0);
  });
});
