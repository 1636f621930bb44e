import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { Logger } from '@nestjs/common';
import { StreamInbox, type StreamInboxOptions } from './stream-inbox.js';
import { eventually } from '@atende/sdk-server/testing';

/**
 * The inbound inbox on a real Redis (issue 13 item 1): batches keep each conversation's order while
 * conversations run at once, failures are retried and then set aside, and what a dead consumer took is
 * claimed by a live one. Nothing is lost, nothing runs twice while its consumer lives.
 */
const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
type Entry = { key: string; n: number };
const options = (o: Partial<StreamInboxOptions<Entry>> = {}): StreamInboxOptions<Entry> => ({
  keyOf: (e) => e.key,
  concurrency: 4,
  batch: 16,
  attempts: 3,
  backoffMs: 10,
  claimIdleMs: 1_000,
  ...o,
});
const quiet = new Logger('test-inbox');
quiet.error = () => undefined;
quiet.warn = () => undefined;

describe('StreamInbox', () => {
  let redis: Redis;
  const keys: string[] = [];
  const streamKey = () => {
    const k = `atende:test-inbox:${Date.now()}:${Math.random().toString(36).slice(2)}`;
    keys.push(k, `${k}:dead`);
    return k;
  };
  beforeAll(() => {
    redis = new Redis(url, { maxRetriesPerRequest: null });
  });
  afterAll(async () => {
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  it('runs each key in the order added, keys at once, and acknowledges and deletes what it ran', async () => {
    const key = streamKey();
    const inbox = new StreamInbox<Entry>(redis, key, quiet);
    for (let n = 0; n < 60; n++) await inbox.add({ key: `chat-${n % 3}`, n });
    const seen: Entry[] = [];
    let running = 0;
    let most = 0;
    inbox.start(async (e) => {
      running++;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 2 + (e.n % 5)));
      seen.push(e);
      running--;
    }, options());
    await eventually(async () => seen.length === 60);
    for (const chat of ['chat-0', 'chat-1', 'chat-2']) {
      const ns = seen.filter((e) => e.key === chat).map((e) => e.n);
      expect(ns).toEqual([...ns].sort((a, b) => a - b));
      expect(ns.length).toBe(20);
    }
    expect(most).toBeGreaterThan(1); // conversations ran at once
    expect(most).toBeLessThanOrEqual(3); // one at a time per conversation
    await inbox.close();
    expect(await redis.xlen(key)).toBe(0);
    expect(((await redis.xpending(key, 'workers')) as [number])[0]).toBe(0);
  });

  it('adds the entries of one tick in one pipelined write, each kept and in the order added', async () => {
    const key = streamKey();
    const inbox = new StreamInbox<Entry>(redis, key, quiet);
    const writes: number[] = [];
    // Every command the connection sends goes through its stream: count the writes of one tick's adds.
    const stream = (redis as unknown as { stream: { write: (...a: unknown[]) => boolean } }).stream;
    const write = stream.write.bind(stream);
    stream.write = (...a: unknown[]) => (writes.push(1), write(...a));
    try {
      await Promise.all(Array.from({ length: 40 }, (_, n) => inbox.add({ key: 'burst', n })));
    } finally {
      stream.write = write;
    }
    expect(writes.length).toBe(1);
    const entries = (await redis.xrange(key, '-', '+')) as [string, string[]][];
    expect(entries.map(([, f]) => (JSON.parse(f[1]) as Entry).n)).toEqual(Array.from({ length: 40 }, (_, n) => n));
    // A failing XADD fails only its own add: a key holding another type refuses it.
    const broken = streamKey();
    await redis.set(broken, 'not a stream');
    const other = new StreamInbox<Entry>(redis, broken, quiet);
    await expect(other.add({ key: 'x', n: 1 })).rejects.toThrow(/WRONGTYPE/);
  });

  it('retries a failing entry, then sets it aside with its error; the key goes on', async () => {
    const key = streamKey();
    const inbox = new StreamInbox<Entry>(redis, key, quiet);
    const tries = new Map<number, number>();
    const done: number[] = [];
    inbox.start(async (e) => {
      tries.set(e.n, (tries.get(e.n) ?? 0) + 1);
      if (e.n === 1 && tries.get(1)! < 2) throw new Error('flaky once');
      if (e.n === 2) throw new Error('always broken');
      done.push(e.n);
    }, options());
    for (const n of [1, 2, 3]) await inbox.add({ key: 'same', n });
    await eventually(async () => done.length === 2);
    expect(done).toEqual([1, 3]);
    expect(tries.get(2)).toBe(3);
    await eventually(async () => (await redis.xlen(`${key}:dead`)) === 1);
    const [[, fields]] = (await redis.xrange(`${key}:dead`, '-', '+')) as [string, string[]][];
    expect(fields[fields.indexOf('error') + 1]).toBe('always broken');
    expect(JSON.parse(fields[fields.indexOf('d') + 1])).toEqual({ key: 'same', n: 2 });
    await inbox.close();
    expect(await redis.xlen(key)).toBe(0);
  });

  it("a dead consumer's entries are claimed by a live one once idle; close leaves unread entries for the next", async () => {
    const key = streamKey();
    // A consumer that takes entries and dies: read by hand under another name, never acknowledged.
    await redis.xgroup('CREATE', key, 'workers', '0', 'MKSTREAM');
    const first = new StreamInbox<Entry>(redis, key, quiet);
    for (let n = 0; n < 5; n++) await first.add({ key: `k${n}`, n });
    await redis.xreadgroup('GROUP', 'workers', 'dead-process', 'COUNT', 5, 'STREAMS', key, '>');
    const seen: number[] = [];
    const live = new StreamInbox<Entry>(redis, key, quiet);
    live.start(async (e) => void seen.push(e.n), options());
    await live.add({ key: 'k9', n: 9 });
    await eventually(async () => seen.includes(9));
    expect(seen).toEqual([9]); // the dead consumer's five are still idle
    await eventually(async () => seen.length === 6, 10_000);
    expect(seen.sort()).toEqual([0, 1, 2, 3, 4, 9]);
    await live.close();
    // Added after close: nobody reads it until the next process starts.
    await live.add({ key: 'k7', n: 7 });
    await new Promise((r) => setTimeout(r, 300));
    expect(seen).not.toContain(7);
    const next = new StreamInbox<Entry>(redis, key, quiet);
    next.start(async (e) => void seen.push(e.n), options());
    await eventually(async () => seen.includes(7));
    await next.close();
    expect(await redis.xlen(key)).toBe(0);
  }, 20_000);

  it('close interrupts a read waiting for entries instead of waiting out its BLOCK time; an entry added after is left for the next', async () => {
    const key = streamKey();
    const seen: number[] = [];
    const inbox = new StreamInbox<Entry>(redis, key, quiet);
    // A read that would wait a minute: close must not wait for it (the test's 20 s limit would fail first).
    inbox.start(async (e) => void seen.push(e.n), options({ blockMs: 60_000 }));
    await inbox.add({ key: 'k', n: 1 });
    await eventually(async () => seen.includes(1));
    // Its reader is blocked in XREADGROUP again (CLIENT LIST shows the command a client waits in).
    await eventually(async () => String(await redis.client('LIST')).split('\n').some((c) => c.includes(`name=${key}:reader`) && c.includes('cmd=xreadgroup')));
    await inbox.close();
    await inbox.add({ key: 'k', n: 2 });
    await new Promise((r) => setTimeout(r, 200));
    expect(seen).toEqual([1]);
    expect(await redis.xlen(key)).toBe(1);
  }, 20_000);

  it('removes the consumers of processes long gone (nothing pending), keeps one that still holds entries', async () => {
    const key = streamKey();
    await redis.xgroup('CREATE', key, 'workers', '0', 'MKSTREAM');
    const first = new StreamInbox<Entry>(redis, key, quiet);
    await first.add({ key: 'a', n: 1 });
    await redis.xgroup('CREATECONSUMER', key, 'workers', 'gone-idle');
    await redis.xreadgroup('GROUP', 'workers', 'gone-with-work', 'COUNT', 1, 'STREAMS', key, '>'); // holds n=1
    await new Promise((r) => setTimeout(r, 300));
    const seen: number[] = [];
    const live = new StreamInbox<Entry>(redis, key, quiet);
    live.start(async (e) => void seen.push(e.n), options({ consumerIdleMs: 200, claimIdleMs: 3_000 }));
    await eventually(async () => {
      const names = ((await redis.xinfo('CONSUMERS', key, 'workers')) as unknown[][]).map((f) => String(f[f.indexOf('name') + 1]));
      return !names.includes('gone-idle') && names.includes('gone-with-work');
    }, 10_000);
    await live.close();
  }, 20_000);

  it('goes on reading after Redis lost the stream and its group', async () => {
    const key = streamKey();
    const inbox = new StreamInbox<Entry>(redis, key, quiet);
    const seen: number[] = [];
    inbox.start(async (e) => void seen.push(e.n), options());
    await inbox.add({ key: 'a', n: 1 });
    await eventually(async () => seen.includes(1));
    await redis.del(key); // a FLUSHALL or a failover to an empty replica
    await eventually(async () => {
      await inbox.add({ key: 'a', n: 2 });
      return seen.includes(2);
    }, 10_000);
    await inbox.close();
  }, 20_000);
  it('waits out a dependency that is down: its errors are not attempts, nothing is set aside (issue 28 item 4)', async () => {
    const key = streamKey();
    const inbox = new StreamInbox<Entry>(redis, key, quiet);
    let outage = 8; // more failures than `attempts`
    const done: number[] = [];
    inbox.start(async (e) => {
      if (e.n === 1 && outage-- > 0) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
      done.push(e.n);
    }, options({ waitOut: (err) => (err as { code?: string }).code === 'ECONNREFUSED', waitBackoffMaxMs: 40 }));
    for (const n of [1, 2]) await inbox.add({ key: 'same', n });
    await eventually(async () => done.length === 2);
    expect(done).toEqual([1, 2]);
    expect(outage).toBe(-1);
    expect(await redis.xlen(`${key}:dead`)).toBe(0);
    await inbox.close();
  });

  it('an entry held by a live process is never claimed by another, however long it takes', async () => {
    const key = streamKey();
    const a = new StreamInbox<Entry>(redis, key, quiet);
    const b = new StreamInbox<Entry>(redis, key, quiet);
    const ranBy: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    // A runs the entry for well past claimIdleMs (a database outage being waited out); B is idle beside it.
    a.start(async () => {
      ranBy.push('a');
      await held;
    }, options({ claimIdleMs: 3_000, attempts: 1 }));
    await a.add({ key: 'k', n: 1 });
    await eventually(async () => ranBy.length === 1);
    b.start(async () => void ranBy.push('b'), options({ claimIdleMs: 3_000, attempts: 1 }));
    await new Promise((r) => setTimeout(r, 7_000));
    release();
    await a.close();
    await b.close();
    expect(ranBy).toEqual(['a']);
    expect(await redis.xlen(`${key}:dead`)).toBe(0);
  }, 20_000);
});
