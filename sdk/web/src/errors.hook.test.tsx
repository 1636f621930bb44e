// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { useState, type ReactNode } from 'react';
import { App } from 'antd';
import { act, renderHook } from '@testing-library/react';
import { useErrorToast } from './errors.js';

describe('useErrorToast', () => {
  it('is the same function on every render (callers list it as a dependency of their loaders)', () => {
    const wrapper = ({ children }: { children: ReactNode }) => <App>{children}</App>;
    const { result } = renderHook(
      () => {
        const [n, setN] = useState(0);
        return { toast: useErrorToast(), n, bump: () => setN((v) => v + 1) };
      },
      { wrapper },
    );
    const first = result.current.toast;
    act(() => result.current.bump());
    act(() => result.current.bump());
    expect(result.current.n).toBe(2);
    expect(result.current.toast).toBe(first);
  });
});
