// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { realtimeStatusChanged, useRealtimeReconnected } from './realtime.js';

afterEach(() => {
  cleanup();
  realtimeStatusChanged('disconnected');
});

describe('useRealtimeReconnected', () => {
  it('calls back when the socket comes back after a drop, not while it stays up', () => {
    act(() => realtimeStatusChanged('connected'));
    const handler = vi.fn();
    renderHook(() => useRealtimeReconnected(handler));
    expect(handler).not.toHaveBeenCalled();
    act(() => realtimeStatusChanged('connected'));
    expect(handler).not.toHaveBeenCalled();
    act(() => realtimeStatusChanged('disconnected'));
    expect(handler).not.toHaveBeenCalled();
    act(() => realtimeStatusChanged('connected'));
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('calls back on the first connect of a page that mounted before the socket was up', () => {
    const handler = vi.fn();
    renderHook(() => useRealtimeReconnected(handler));
    act(() => realtimeStatusChanged('connected'));
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('stops calling back once unmounted', () => {
    const handler = vi.fn();
    const { unmount } = renderHook(() => useRealtimeReconnected(handler));
    unmount();
    act(() => realtimeStatusChanged('connected'));
    expect(handler).not.toHaveBeenCalled();
  });
});
