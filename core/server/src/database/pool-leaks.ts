/** What this needs of a pg Pool and its clients (the kernel has no pg types: see types/pg.d.ts). */
interface PooledClient {
  release: (err?: Error | boolean) => void;
  once(event: 'end', listener: () => void): unknown;
  removeListener(event: 'end', listener: () => void): unknown;
}
interface Pool {
  on(event: 'acquire', listener: (client: PooledClient) => void): unknown;
}

/**
 * Gives a checked-out connection back to the pool (as broken, so the pool drops it) when its socket
 * ends while checked out (issue 28 item 5). Kysely's controlled transactions release their connection
 * only after a successful BEGIN, COMMIT or ROLLBACK: when the database goes away mid-transaction those
 * statements fail and the connection is never released. Each such connection was lost to the pool for
 * good (capacity shrank with every outage) and `pool.end()` waited for it forever, so SIGTERM hung.
 * Releases become idempotent, so the holder's own late release (if any) is a no-op, not a throw.
 */
export function releaseDeadCheckouts(pool: Pool): void {
  pool.on('acquire', (client) => {
    // pg-pool sets `client.release` right after emitting 'acquire', before the holder gets the client.
    process.nextTick(() => {
      const release = client.release.bind(client);
      let released = false;
      const gone = () => once(new Error('The database connection ended while checked out.'));
      const once = (err?: Error | boolean) => {
        if (released) return;
        released = true;
        client.removeListener('end', gone);
        release(err);
      };
      client.release = once;
      client.once('end', gone);
    });
  });
}
