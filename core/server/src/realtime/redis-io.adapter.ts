import { IoAdapter } from '@nestjs/platform-socket.io';
import type { INestApplicationContext } from '@nestjs/common';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Namespace, Server, ServerOptions } from 'socket.io';
import { ownEchoParser } from './own-echo-parser.js';
import type { Redis } from 'ioredis';

/**
 * socket.io with the Redis adapter, so rooms and emits span every server process. The adapter's
 * channel carries the deployment's Redis namespace: two deployments (or test runs) sharing one Redis
 * would otherwise deliver each other's events to users with the same ids.
 */
export class RedisIoAdapter extends IoAdapter {
  private pub?: Redis;
  private sub?: Redis;

  constructor(
    app: INestApplicationContext,
    private readonly redis: Redis,
    private readonly namespace: string,
  ) {
    super(app);
  }

  override createIOServer(port: number, options?: Partial<ServerOptions>): Server {
    const server = super.createIOServer(port, {
      ...(options as ServerOptions),
      path: '/socket.io',
      pingInterval: 18000,
      pingTimeout: 18000,
      serveClient: false,
    }) as Server;
    // Publishes issued in one tick (an inbound message's appMessage and ticket events, a burst of them)
    // leave in one write: socket writes were the largest cost under the inbound bench. Only PUBLISH and
    // the adapter's own requests use this connection, none of them blocking or transactional.
    this.pub = this.redis.duplicate({ enableAutoPipelining: true, connectionName: `${this.namespace}:socket.io-pub` });
    this.sub = this.redis.duplicate({ connectionName: `${this.namespace}:socket.io-sub` });
    // This process's adapters (one per namespace), whose broadcasts Redis echoes back undecoded (own-echo-parser.ts).
    const own = new Set<string>();
    const adapterOf = createAdapter(this.pub, this.sub, { key: `${this.namespace}:socket.io`, parser: ownEchoParser(own) });
    // A plain function: socket.io calls it with `new`, and the object it returns is the adapter.
    server.adapter(function (this: unknown, nsp: Namespace) {
      const adapter = adapterOf(nsp) as ReturnType<typeof adapterOf> & { uid: string };
      own.add(adapter.uid);
      return adapter;
    } as unknown as typeof adapterOf);
    return server;
  }

  /**
   * Closes the socket server only. Nest closes it with the HTTP server, before the app's shutdown hooks
   * stop the job workers, and a job that finishes then still emits (a plugin telling a company): its
   * publish must find the connection open. Closed here, ioredis rejected it where nothing caught it and
   * the process died in the middle of its shutdown (tooling/test/faults/late-emit.test.ts).
   */
  override async close(server: Server): Promise<void> {
    await super.close(server);
  }

  /** The adapter's Redis connections, once the whole app has closed and nothing can emit any more. */
  disconnect(): void {
    this.pub?.disconnect();
    this.sub?.disconnect();
  }
}
