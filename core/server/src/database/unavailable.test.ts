import { describe, expect, it } from 'vitest';
import { DriverException, UniqueConstraintViolationException } from '@mikro-orm/core';
import { isDatabaseUnavailable, watchDatabase } from './unavailable.js';

const withCode = (message: string, code: string, extra: object = {}) => Object.assign(new Error(message), { code, ...extra });
/** What node's net module throws when a connect is refused. */
const refused = (port: number) => withCode(`connect ECONNREFUSED 127.0.0.1:${port}`, 'ECONNREFUSED', { syscall: 'connect', address: '127.0.0.1', port });

describe('isDatabaseUnavailable', () => {
  it('knows an unreachable, stopping or starting database', () => {
    expect(isDatabaseUnavailable(refused(5432))).toBe(true);
    expect(isDatabaseUnavailable(withCode('the database system is starting up', '57P03'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('terminating connection due to administrator command', '57P01'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('could not connect', '08001'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('connection failure', '08006'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    // Wrapped by MikroORM, or an AggregateError of node's connect to several addresses.
    expect(isDatabaseUnavailable(new DriverException(withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([refused(5432)], 'connect failed'))).toBe(true);
    watchDatabase('postgres://u@127.0.0.1:54329/atende');
    expect(isDatabaseUnavailable(refused(54329))).toBe(true);
    // A driver's socket error without a port (a reset mid-query), raw from node-postgres or handed over by MikroORM.
    expect(isDatabaseUnavailable(withCode('read ECONNRESET', 'ECONNRESET', { syscall: 'read' }))).toBe(true);
    expect(isDatabaseUnavailable(new DriverException(withCode('read ECONNRESET', 'ECONNRESET')))).toBe(true);
    expect(isDatabaseUnavailable(new Error('query failed', { cause: withCode('y', '57P03') }))).toBe(true);
  });

  it('leaves bad statements and bad data alone', () => {
    expect(isDatabaseUnavailable(new UniqueConstraintViolationException(withCode('duplicate key', '23505')))).toBe(false);
    expect(isDatabaseUnavailable(withCode('syntax error at or near "selec"', '42601'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('handler threw'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });

  it('does not take another host being down for the database', () => {
    // fetch (media, webhooks): a TypeError whose cause is the refused socket.
    expect(isDatabaseUnavailable(new TypeError('fetch failed', { cause: refused(443) }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('fetch failed', { cause: withCode('read ECONNRESET', 'ECONNRESET', { syscall: 'read' }) }))).toBe(false);
    // Redis refusing its connect.
    expect(isDatabaseUnavailable(refused(6379))).toBe(false);
  });
});
