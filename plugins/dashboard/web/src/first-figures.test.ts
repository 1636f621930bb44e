import { afterEach, describe, expect, it, vi } from 'vitest';

const call = vi.hoisted(() => vi.fn());
vi.mock('@atende/sdk-web', () => ({ call }));
const { prefetchFirstFigures, takeFirstFigures } = await import('./first-figures.js');

const DEFAULT = { days: 7, whatsappId: undefined, queueId: undefined };

afterEach(() => {
  call.mockReset();
  vi.useRealTimers();
});

/** Issue 32: the first view asks for its figures while the page's code downloads, and uses that answer once. */
describe('the first figures of /dashboard', () => {
  it('are asked for once with the default period and handed to the page once', async () => {
    call.mockResolvedValue({ cards: { created: 3 } });
    prefetchFirstFigures();
    expect(call).toHaveBeenCalledTimes(1);
    expect(call.mock.calls[0][1]).toEqual({ query: { days: 7 } });
    await expect(takeFirstFigures(DEFAULT)).resolves.toEqual({ cards: { created: 3 } });
    expect(takeFirstFigures(DEFAULT)).toBeUndefined();
  });

  it('are not used for another period or a filter, nor when older than 5 s', () => {
    call.mockResolvedValue({});
    prefetchFirstFigures();
    expect(takeFirstFigures({ days: 30 })).toBeUndefined();
    prefetchFirstFigures();
    expect(takeFirstFigures({ ...DEFAULT, whatsappId: 2 })).toBeUndefined();
    vi.useFakeTimers({ now: Date.now() });
    prefetchFirstFigures();
    vi.setSystemTime(Date.now() + 5001);
    expect(takeFirstFigures(DEFAULT)).toBeUndefined();
  });

  it('hand an early failure to the page, which shows it', async () => {
    call.mockRejectedValue(new Error('boom'));
    prefetchFirstFigures();
    await expect(takeFirstFigures(DEFAULT)).rejects.toThrow('boom');
  });
});
