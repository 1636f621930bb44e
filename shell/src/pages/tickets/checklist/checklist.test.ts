import { describe, expect, it } from 'vitest';
import { dismissKey, doneSteps } from './checklist.js';

describe('first-run checklist', () => {
  it('a new company has nothing done: the admin alone is not an invited agent', () => {
    expect(doneSteps({ connectedConnections: 0, queues: 0, users: 1, tickets: 0 })).toEqual({ connection: false, queue: false, agent: false, message: false });
  });
  it('each step ticks from its own fact', () => {
    expect(doneSteps({ connectedConnections: 1, queues: 0, users: 1, tickets: 0 }).connection).toBe(true);
    expect(doneSteps({ connectedConnections: 0, queues: 2, users: 1, tickets: 0 }).queue).toBe(true);
    expect(doneSteps({ connectedConnections: 0, queues: 0, users: 2, tickets: 0 }).agent).toBe(true);
    expect(doneSteps({ connectedConnections: 0, queues: 0, users: 1, tickets: 3 }).message).toBe(true);
  });
  it('dismissal is per company and user', () => {
    expect(dismissKey(4, 9)).not.toBe(dismissKey(5, 9));
    expect(dismissKey(4, 9)).not.toBe(dismissKey(4, 8));
  });
});
