import { describe, expect, it } from 'vitest';
import { DriverException, UniqueConstraintViolationException } from '@mikro-orm/core';
import { isDatabaseUnavailable } from './unavailable.js';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('knows an unreachable, stopping or starting database', () => {
    expect(isDatabaseUnavailable(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('the database system is starting up', '57P03'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('terminating connection due to administrator command', '57P01'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('could not connect', '08001'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('connection failure', '08006'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    // Wrapped by MikroORM, or an AggregateError of node's connect to several addresses.
    expect(isDatabaseUnavailable(new DriverException(withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([withCode('x', 'ECONNREFUSED')], 'connect failed'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('query failed', { cause: withCode('y', '57P03') }))).toBe(true);
  });

  it('leaves bad statements and bad data alone', () => {
    expect(isDatabaseUnavailable(new UniqueConstraintViolationException(withCode('duplicate key', '23505')))).toBe(false);
    expect(isDatabaseUnavailable(withCode('syntax error at or near "selec"', '42601'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('handler threw'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
