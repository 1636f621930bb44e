import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { AppError } from '@atende/sdk-server';
import { REDIS } from '../jobs/redis.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { redisNamespace } from '../jobs/namespace.js';

export interface Limit {
  /** What is counted, e.g. `login:ip:1.2.3.4`. */
  key: string;
  max: number;
  windowSeconds: number;
}

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

  /** Throws 429 ERR_TOO_MANY_ATTEMPTS (with retryAfterSeconds) if any limit is already used up. */
  async check(limits: Limit[]): Promise<void> {
    const counts = await Promise.all(limits.map((l) => this.redis.get(this.prefix + l.key)));
    for (let i = 0; i < limits.length; i++) {
      if (Number(counts[i] ?? 0) >= limits[i].max) {
        const ttl = await this.redis.ttl(this.prefix + limits[i].key);
        const retryAfterSeconds = ttl > 0 ? ttl : limits[i].windowSeconds;
        throw new AppError('ERR_TOO_MANY_ATTEMPTS', 429, `Too many attempts. Try again in ${Math.ceil(retryAfterSeconds / 60)} minute(s).`, {
          retryAfterSeconds,
        });
      }
    }
  }

  /** Counts one attempt against each limit. */
  async hit(limits: Limit[]): Promise<void> {
    const multi = this.redis.multi();
    for (const l of limits) {
      multi.incr(this.prefix + l.key);
      // Start the window on the first hit only (NX), so steady attempts cannot extend it forever.
      multi.expire(this.prefix + l.key, l.windowSeconds, 'NX');
    }
    await multi.exec();
  }

  async consume(limits: Limit[]): Promise<void> {
    await this.check(limits);
    await this.hit(limits);
  }

  async reset(keys: string[]): Promise<void> {
    if (keys.length) await this.redis.del(...keys.map((k) => this.prefix + k));
  }
}

/** Sign-in: 5 failures per 5 minutes per IP, 10 per 15 minutes per e-mail (issue 3). */
export const loginLimits = (ip: string, email: string): Limit[] => [
  { key: `login:ip:${ip}`, max: 5, windowSeconds: 300 },
  { key: `login:email:${email}`, max: 10, windowSeconds: 900 },
];
/** Sign-up: 5 companies per hour per IP. */
export const signupLimits = (ip: string): Limit[] => [{ key: `signup:ip:${ip}`, max: 5, windowSeconds: 3600 }];
/** Reset codes: 5 requests per 15 minutes per IP, 3 per e-mail. */
export const forgotLimits = (ip: string, email: string): Limit[] => [
  { key: `forgot:ip:${ip}`, max: 5, windowSeconds: 900 },
  { key: `forgot:email:${email}`, max: 3, windowSeconds: 900 },
];
/** Code guesses: 10 per 15 minutes per IP (each code also dies after 5 wrong tries). */
export const resetLimits = (ip: string): Limit[] => [{ key: `reset:ip:${ip}`, max: 10, windowSeconds: 900 }];
