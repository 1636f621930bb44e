// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useAfterPaint } from './useAfterPaint.js';

describe('useAfterPaint', () => {
  it('turns true after the frame that followed `ready`, not before, and stays true', async () => {
    const frames: FrameRequestCallback[] = [];
    const raf = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => frames.push(cb));
    try {
      const { result, rerender } = renderHook(({ ready }) => useAfterPaint(ready), { initialProps: { ready: false } });
      expect(frames).toHaveLength(0);
      rerender({ ready: true });
      expect(result.current).toBe(false);
      expect(frames).toHaveLength(1);
      await act(async () => {
        frames.splice(0).forEach((f) => f(0));
        await new Promise((r) => setTimeout(r, 0));
      });
      expect(result.current).toBe(true);
      rerender({ ready: false });
      expect(result.current).toBe(true);
    } finally {
      raf.mockRestore();
    }
  });
});
