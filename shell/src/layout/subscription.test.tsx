// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import type { SessionUser } from '@atende/core-contract';

const { useSubscriptionWatch, EXPIRY_CHECK_MS } = await import('./subscription.js');
const { signedInAs, wrap } = await import('../testing.js');

function Watcher() {
  useSubscriptionWatch();
  return null;
}

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();
const company = (dueDate: string): SessionUser['company'] => ({ id: 1, name: 'Demo', dueDate, trialExpiration: null, email: null, expired: false, settings: [], planFlags: {} as SessionUser['company']['planFlags'], timeZone: 'America/Lima' });

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('subscription watch (issue 9 item 22)', () => {
  it('checks at once after sign-in, not only after the first 60 s', async () => {
    await signedInAs({ company: company(inDays(3)) });
    render(wrap(<Watcher />));
    // Well before EXPIRY_CHECK_MS: the warning is already there.
    expect(await screen.findByText(/Su suscripción vence en 3 días/, {}, { timeout: EXPIRY_CHECK_MS / 10 })).toBeTruthy();
  });

  it('then checks again every 60 s', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    await signedInAs({ company: company(inDays(30)) });
    const spy = vi.spyOn(globalThis, 'setInterval');
    render(wrap(<Watcher />));
    expect(spy.mock.calls.some(([, ms]) => ms === EXPIRY_CHECK_MS)).toBe(true);
    await act(async () => {
      vi.advanceTimersByTime(EXPIRY_CHECK_MS);
    });
  });
});
