import { describe, expect, it } from 'vitest';
import { logContext, newRequestId, runWithLogContext, setLogUser } from './logging.js';

describe('log context', () => {
  it('is visible across awaits and timers inside the run, and absent outside', async () => {
    expect(logContext()).toBeUndefined();
    const seen = await runWithLogContext({ requestId: 'req-1' }, async () => {
      await new Promise((r) => setTimeout(r, 5));
      return new Promise<string | undefined>((resolve) => setImmediate(() => resolve(logContext()?.requestId)));
    });
    expect(seen).toBe('req-1');
    expect(logContext()).toBeUndefined();
  });

  it('concurrent runs keep their own ids', async () => {
    const run = (id: string, ms: number) => runWithLogContext({ requestId: id }, async () => (await new Promise((r) => setTimeout(r, ms)), logContext()!.requestId));
    expect(await Promise.all([run('a', 20), run('b', 1)])).toEqual(['a', 'b']);
  });

  it('setLogUser fills company and user of the current context only', () => {
    setLogUser(1, 2); // no context: nothing to fill, no throw
    const ctx = runWithLogContext({ requestId: newRequestId() }, () => (setLogUser(7, 9), logContext()));
    expect(ctx).toMatchObject({ companyId: 7, userId: 9 });
    expect(ctx!.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });
});
