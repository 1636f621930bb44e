import { DriverException } from '@mikro-orm/core';

/**
 * Whether an error says the database cannot be reached (down, restarting, shutting down), as opposed
 * to a bad statement or bad data (issue 28 item 4). Such an error is waited out by the inbound inbox
 * and answered 503 ERR_DATABASE_UNAVAILABLE by the API, never counted as a failure of the work itself.
 */
const SQLSTATES = new Set([
  '57P01', // admin_shutdown: the server is stopping
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up, or in recovery
  '08000', // connection_exception
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08003', // connection_does_not_exist
  '08006', // connection_failure
]);
/**
 * Socket errors while connecting to or talking with the server. The same codes come from fetch (media,
 * webhooks) and Redis: a connect error names its port, and counts only when it is the database's; a
 * reset or broken pipe (no port) counts unless it is the cause of a failed fetch. Otherwise a remote
 * host being down would answer 503 and park inbound work as if the database were.
 */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTCONN']);
/** What node-postgres says (without a code) when a connection drops or cannot be made in time. */
const PG_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|the database system is (starting up|shutting down|in recovery mode)/i;

/** Ports the database is reached on (the configured URL's; 5432 until one is configured). */
const databasePorts = new Set<number>([5432]);

/** Remembers the database's port, so a refused connect to it is told apart from one to another host. */
export function watchDatabase(databaseUrl: string): void {
  const port = Number(new URL(databaseUrl).port || 5432);
  if (Number.isInteger(port) && port > 0) databasePorts.add(port);
}

export function isDatabaseUnavailable(err: unknown, depth = 0, underFetch = false): boolean {
  if (!err || typeof err !== 'object' || depth > 4) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; previous?: unknown; errors?: unknown; port?: unknown };
  // MikroORM copies its driver's error onto a DriverException: its socket codes are the database's.
  const fromDriver = err instanceof DriverException;
  // undici's "fetch failed" (a TypeError) carries the socket error as its cause: never the database's.
  underFetch ||= err instanceof TypeError && e.message === 'fetch failed';
  if (typeof e.code === 'string' && SQLSTATES.has(e.code)) return true;
  if (typeof e.code === 'string' && SOCKET_CODES.has(e.code) && !underFetch) {
    if (typeof e.port === 'number' ? databasePorts.has(e.port) || fromDriver : true) return true;
  }
  if (typeof e.message === 'string' && PG_MESSAGES.test(e.message)) return true;
  // MikroORM keeps the driver's error as `previous`; node's connect over several addresses throws an AggregateError.
  if (Array.isArray(e.errors) && e.errors.some((x) => isDatabaseUnavailable(x, depth + 1, underFetch))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1, underFetch) || isDatabaseUnavailable(e.previous, depth + 1, underFetch);
}
