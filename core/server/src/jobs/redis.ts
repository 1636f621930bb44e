import { Redis, type RedisOptions } from 'ioredis';

/** Redis connections for BullMQ and the socket.io adapter; BullMQ needs maxRetriesPerRequest null. */
export function createRedis(url: string, extra: RedisOptions = {}): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, enableReadyCheck: true, lazyConnect: false, ...extra });
}

export const REDIS = Symbol.for('atende:redis');
