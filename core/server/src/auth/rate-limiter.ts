import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { AppError } from '@atende/sdk-server';
import { REDIS } from '../jobs/redis.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { redisNamespace } from '../jobs/namespace.js';

export interface Limit {
  /** What is counted, e.g. `signup:ip:1.2.3.4`. */
  key: string;
  max: number;
  windowSeconds: number;
}

/**
 * Counts an attempt against every limit in one atomic step, or against none: if any limit is used up
 * it answers that key's TTL and counts nothing. Counting before the work (not checking, then counting
 * after it) is what keeps a parallel burst from slipping past the limit.
 */
const TAKE = `
for i, key in ipairs(KEYS) do
  if tonumber(redis.call('GET', key) or '0') >= tonumber(ARGV[2 * i - 1]) then
    return redis.call('TTL', key)
  end
end
for i, key in ipairs(KEYS) do
  redis.call('INCR', key)
  redis.call('EXPIRE', key, ARGV[2 * i], 'NX')
end
return -100`;
/** Gives one counted attempt back (never below zero). */
const GIVE_BACK = `
for _, key in ipairs(KEYS) do
  if tonumber(redis.call('GET', key) or '0') > 0 then redis.call('DECR', key) end
end
return 0`;

/**
 * Fixed-window counters in Redis, shared by every server process. Keys are namespaced by database so
 * two deployments (or two test runs) on one Redis never count each other's attempts.
 */
@Injectable()
export class RateLimiter {
  private readonly prefix: string;
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.prefix = `${redisNamespace(config)}:rl:`;
  }

  /**
   * Counts one attempt against each limit first, atomically; throws 429 ERR_TOO_MANY_ATTEMPTS (with
   * retryAfterSeconds) instead when any limit is already used up. Work guarded by the limit runs only
   * after this returns.
   */
  async consume(limits: Limit[]): Promise<void> {
    const keys = limits.map((l) => this.prefix + l.key);
    const args = limits.flatMap((l) => [l.max, l.windowSeconds]);
    const ttl = Number(await this.redis.eval(TAKE, keys.length, ...keys, ...args));
    if (ttl === -100) return;
    const retryAfterSeconds = ttl > 0 ? ttl : Math.max(...limits.map((l) => l.windowSeconds));
    throw new AppError('ERR_TOO_MANY_ATTEMPTS', 429, `Too many attempts. Try again in ${Math.ceil(retryAfterSeconds / 60)} minute(s).`, {
      retryAfterSeconds,
    });
  }

  /** Returns an attempt counted by consume() that turned out legitimate (a right password). */
  async giveBack(limits: Limit[]): Promise<void> {
    if (limits.length) await this.redis.eval(GIVE_BACK, limits.length, ...limits.map((l) => this.prefix + l.key));
  }

  async reset(keys: string[]): Promise<void> {
    if (keys.length) await this.redis.del(...keys.map((k) => this.prefix + k));
  }
}

/** Confirming the current password before an own password/e-mail change: 5 wrong per 15 minutes per user. */
export const ownPasswordLimits = (userId: number): Limit[] => [{ key: `own-password:user:${userId}`, max: 5, windowSeconds: 900 }];

/** Sign-up: 5 companies per hour per IP. (Sign-in has its own throttle: login-throttle.ts.) */
export const signupLimits = (ip: string): Limit[] => [{ key: `signup:ip:${ip}`, max: 5, windowSeconds: 3600 }];
/** Reset codes: 5 requests per 15 minutes per IP, 3 per e-mail. */
export const forgotLimits = (ip: string, email: string): Limit[] => [
  { key: `forgot:ip:${ip}`, max: 5, windowSeconds: 900 },
  { key: `forgot:email:${email}`, max: 3, windowSeconds: 900 },
];
/** Code guesses: 10 per 15 minutes per IP (each code also dies after 5 wrong tries). */
export const resetLimits = (ip: string): Limit[] => [{ key: `reset:ip:${ip}`, max: 10, windowSeconds: 900 }];
