import { describe, expect, it } from 'vitest';
import { emptyListHint } from './emptyListHint.js';

const base = { isAdmin: true, showAll: true, queueFilter: false, tagFilter: false, ownQueues: 0 };

describe('emptyListHint', () => {
  it('says nothing to an admin who sees every ticket unfiltered', () => {
    expect(emptyListHint(base)).toBeNull();
  });
  it('names the "All" switch when an admin turned it off', () => {
    expect(emptyListHint({ ...base, showAll: false })).toBe('ownQueuesOnly');
  });
  it('names the picked queues or tags first', () => {
    expect(emptyListHint({ ...base, queueFilter: true, tagFilter: true })).toBe('queueFilter');
    expect(emptyListHint({ ...base, tagFilter: true })).toBe('tagFilter');
  });
  it('tells an agent in no queue why nothing arrives, and one with queues where the list comes from', () => {
    expect(emptyListHint({ ...base, isAdmin: false, showAll: false })).toBe('noQueues');
    expect(emptyListHint({ ...base, isAdmin: false, showAll: false, ownQueues: 2 })).toBe('agentQueues');
  });
});
