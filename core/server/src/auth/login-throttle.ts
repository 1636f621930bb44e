import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { AppError } from '@atende/sdk-server';
import { REDIS } from '../jobs/redis.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { redisNamespace } from '../jobs/namespace.js';

/** Per address: 5 sign-in attempts per 5 minutes, whatever the e-mail (issue 3). */
export const LOGIN_IP_MAX = 5;
export const LOGIN_IP_WINDOW = 300;
/** Per account: failures are remembered 15 minutes after the last one; the first 5 cost nothing. */
export const ACCOUNT_WINDOW = 900;
export const ACCOUNT_FREE_FAILURES = 5;
/** The account's delay doubles with each further failure (2 s, 4 s, 8 s...) up to 15 minutes. */
export const ACCOUNT_MAX_DELAY = 900;
/** An address the account's owner signed in from is remembered 30 days (the account's own devices). */
export const KNOWN_ADDRESS_TTL = 30 * 86_400;

/**
 * The address a client is counted under: IPv4 as it is, IPv6 by its /64 (one customer's allocation:
 * counting each of its 2^64 addresses apart would hand an attacker unlimited fresh addresses).
 */
export function addressKey(ip: string): string {
  const bare = ip.split('%')[0]!.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  if (mapped) return mapped[1]!;
  if (!bare.includes(':')) return bare;
  const [head = '', tail = ''] = bare.split('::');
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const groups = bare.includes('::') ? [...h, ...Array<string>(Math.max(0, 8 - h.length - t.length)).fill('0'), ...t] : h;
  return `${groups.slice(0, 4).map((g) => parseInt(g || '0', 16).toString(16)).join(':')}::/64`;
}

/**
 * Before the password is checked, in one atomic step: refuses when the address used up its attempts,
 * or when this address has failed for this account and the account's delay still runs (unless the
 * owner signed in from it before: a typo on their own device while strangers guess must not hold
 * them); otherwise counts the attempt against the address. Answers the seconds to wait, or -100 to go on.
 */
const TAKE = `
local ip, hold, marked, known = KEYS[1], KEYS[2], KEYS[3], KEYS[4]
if tonumber(redis.call('GET', ip) or '0') >= tonumber(ARGV[1]) then return redis.call('TTL', ip) end
if redis.call('EXISTS', marked) == 1 and redis.call('EXISTS', known) == 0 then
  local wait = redis.call('TTL', hold)
  if wait > 0 then return wait end
end
redis.call('INCR', ip)
redis.call('EXPIRE', ip, ARGV[2], 'NX')
return -100`;

/** A wrong password: the account's failures grow, its delay with them, and this address is marked for it. */
const FAIL = `
local failures, hold, marked = KEYS[1], KEYS[2], KEYS[3]
local window, free, cap = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local n = redis.call('INCR', failures)
redis.call('EXPIRE', failures, window)
redis.call('SET', marked, '1', 'EX', window)
if n > free then redis.call('SET', hold, '1', 'EX', math.floor(math.min(2 ^ (n - free), cap))) end
return n`;

/**
 * The right password gives the address's attempt back (never below zero), forgets the account's
 * failures and remembers the address as one of the owner's.
 */
const SUCCEED = `
if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then redis.call('DECR', KEYS[1]) end
redis.call('DEL', KEYS[2], KEYS[3], KEYS[4])
redis.call('SET', KEYS[5], '1', 'EX', ARGV[1])
return 0`;

/**
 * Sign-in throttling that no one can turn against an account's owner (OWASP: lockout as denial of
 * service). Each address keeps its own hard limit; an account under attack slows down only the
 * addresses that failed for it, with a delay that grows per failure, so its owner signing in from
 * an address that has not failed is never refused. Counters live in Redis, shared by every process.
 */
@Injectable()
export class LoginThrottle {
  private readonly prefix: string;
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.prefix = `${redisNamespace(config)}:rl:login:`;
  }

  /** Throws 429 ERR_TOO_MANY_ATTEMPTS (with retryAfterSeconds) instead of letting the password be checked. */
  async take(ip: string, email: string): Promise<void> {
    const k = this.keys(ip, email);
    const wait = Number(await this.redis.eval(TAKE, 4, k.ip, k.hold, k.marked, k.known, LOGIN_IP_MAX, LOGIN_IP_WINDOW));
    if (wait === -100) return;
    const retryAfterSeconds = wait > 0 ? wait : LOGIN_IP_WINDOW;
    throw new AppError('ERR_TOO_MANY_ATTEMPTS', 429, `Too many attempts. Try again in ${Math.ceil(retryAfterSeconds / 60)} minute(s).`, {
      retryAfterSeconds,
    });
  }

  async failed(ip: string, email: string): Promise<void> {
    const k = this.keys(ip, email);
    await this.redis.eval(FAIL, 3, k.failures, k.hold, k.marked, ACCOUNT_WINDOW, ACCOUNT_FREE_FAILURES, ACCOUNT_MAX_DELAY);
  }

  async succeeded(ip: string, email: string): Promise<void> {
    const k = this.keys(ip, email);
    await this.redis.eval(SUCCEED, 5, k.ip, k.failures, k.hold, k.marked, k.known, KNOWN_ADDRESS_TTL);
  }

  private keys(ip: string, email: string) {
    const address = addressKey(ip);
    return {
      ip: `${this.prefix}ip:${address}`,
      failures: `${this.prefix}failures:${email}`,
      hold: `${this.prefix}hold:${email}`,
      marked: `${this.prefix}failed:${email}:${address}`,
      known: `${this.prefix}known:${email}:${address}`,
    };
  }
}
