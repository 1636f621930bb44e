import { describe, expect, it } from 'vitest';
import { RedisPersistenceProbe } from './redis-persistence.js';

const answering = (info: () => Promise<string>) => ({ info }) as ConstructorParameters<typeof RedisPersistenceProbe>[0];

describe('RedisPersistenceProbe', () => {
  it('reads the append-only file setting from INFO persistence', async () => {
    expect(await new RedisPersistenceProbe(answering(async () => '# Persistence\r\nloading:0\r\naof_enabled:1\r\n')).read()).toBe('aof');
    expect(await new RedisPersistenceProbe(answering(async () => '# Persistence\r\naof_enabled:0\r\n')).read()).toBe('none');
  });

  it('a Redis that refuses INFO (renamed or disabled commands) is unknown, not a failure', async () => {
    expect(await new RedisPersistenceProbe(answering(async () => Promise.reject(new Error("ERR unknown command 'INFO'")))).read()).toBe('unknown');
    expect(await new RedisPersistenceProbe(answering(async () => '')).read()).toBe('unknown');
  });

  it('asks Redis at most every 30 s', async () => {
    let asked = 0;
    const probe = new RedisPersistenceProbe(answering(async () => (asked++, 'aof_enabled:1')));
    await probe.read();
    await probe.read();
    expect(asked).toBe(1);
  });
});
