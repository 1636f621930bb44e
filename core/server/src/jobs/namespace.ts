import type { AppConfig } from '../config/config.js';

/**
 * Redis keys (queues, leases, rate limits) are namespaced by database name: two deployments, or two
 * test runs, sharing one Redis never see each other's jobs or locks.
 */
export const redisNamespace = (config: Pick<AppConfig, 'DATABASE_URL'>) =>
  `atende:${decodeURIComponent(new URL(config.DATABASE_URL).pathname.slice(1)) || 'default'}`;
