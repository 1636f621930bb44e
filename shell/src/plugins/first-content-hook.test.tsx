// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';

beforeEach(() => vi.resetModules());
afterEach(cleanup);

/** Issues 32 and 37: what frames a first view (the drawer's menu) is drawn after its content, or after a limit. */
describe('useAfterFirstContent', () => {
  async function mount(maxMs: number) {
    const mod = await import('./first-content.js');
    function Frame() {
      return <p data-testid="frame">{mod.useAfterFirstContent(maxMs) ? 'filled' : 'waiting'}</p>;
    }
    render(<Frame />);
    return mod;
  }

  it('is false until the first screen tells it is shown, on any path, then true', async () => {
    window.history.replaceState(null, '', '/dashboard');
    const { firstContentShown } = await mount(10_000);
    await new Promise((r) => setTimeout(r, 30));
    expect(screen.getByTestId('frame').textContent).toBe('waiting');
    await act(async () => firstContentShown());
    await vi.waitFor(() => expect(screen.getByTestId('frame').textContent).toBe('filled'));
  });

  it('is true after its limit when no screen tells', async () => {
    window.history.replaceState(null, '', '/no-such-page');
    await mount(40);
    expect(screen.getByTestId('frame').textContent).toBe('waiting');
    await vi.waitFor(() => expect(screen.getByTestId('frame').textContent).toBe('filled'));
  });

  it('is true at once when the first content was shown before', async () => {
    const { firstContentShown, useAfterFirstContent } = await import('./first-content.js');
    firstContentShown();
    function Frame() {
      return <p data-testid="frame">{useAfterFirstContent(10_000) ? 'filled' : 'waiting'}</p>;
    }
    render(<Frame />);
    expect(screen.getByTestId('frame').textContent).toBe('filled');
  });
});
