import { z } from 'zod';
import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';

const duration = z
  .string()
  .regex(/^\d+(s|m|h|d)$/, 'must be a number followed by s, m, h or d (for example 15m or 7d)');

const optionalSecret = z
  .string()
  .min(32, 'must be at least 32 characters; leave it unset to have one generated under DATA_DIR')
  .optional();

/** Every environment variable the kernel reads, validated once at boot. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string({ error: 'is required (npm start provides an embedded PostgreSQL when it is unset)' })
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .default('redis://127.0.0.1:6379'),
  DATA_DIR: z.string().min(1).default('.atende-data'),
  JWT_SECRET: optionalSecret,
  JWT_REFRESH_SECRET: optionalSecret,
  /** Key for channel credentials at rest (WhatsApp sessions): 32 bytes, base64. Generated once if unset. */
  CHANNEL_SECRET: z.string().optional(),
  ACCESS_TOKEN_TTL: duration.default('15m'),
  REFRESH_TOKEN_TTL: duration.default('7d'),
  /** Absolute lifetime of a session: refreshing never extends a sign-in beyond it. */
  SESSION_MAX_AGE: duration.default('30d'),
  SUPER_EMAIL: z.string().trim().toLowerCase().email('must be an e-mail address').default('super@atende.local'),
  SUPER_PASSWORD: z.string().min(8, 'must be at least 8 characters').max(200).optional(),
  /** Extra plugins to load besides plugins/installed.json: comma-separated package names or absolute paths. */
  ATENDE_PLUGINS: z.string().default(''),
  /**
   * Installed plugins not to load (package names, comma-separated): an operator switches one off without
   * editing plugins/installed.json; tests whose fixture plugin answers a binding field an installed plugin
   * also claims (promptId: the AI plugin) leave that plugin out.
   */
  ATENDE_PLUGINS_DISABLED: z.string().default(''),
  /** Where the built shell lives; defaults to the @atende/shell package's dist. */
  SHELL_DIST: z.string().optional(),
  /** `Secure` flag of the refresh cookie; unset: Secure unless the request is plain http to localhost. */
  COOKIE_SECURE: z.enum(['true', 'false']).optional(),
  /** The sandbox provider (a simulated phone): on unless NODE_ENV=production; this forces it either way. */
  SANDBOX_ENABLED: z.enum(['true', 'false']).optional(),
  /**
   * Which proxies may set X-Forwarded-For/-Proto (client address for rate limits, https for HSTS and
   * cookies): Express's `trust proxy` value — a hop count, or comma-separated addresses, subnets or
   * `loopback`, `linklocal`, `uniquelocal`. Never "everything": a client could then fake its address.
   */
  TRUST_PROXY: z
    .string()
    .default('loopback')
    .refine((v) => !/^(true|\*)$/i.test(v.trim()), 'must name the proxies (e.g. loopback, 10.0.0.0/8) or a hop count, not every address'),
  /** Time zone of business hours (out-of-hours messages); the product's market is Peru. */
  BUSINESS_TIMEZONE: z
    .string()
    .default('America/Lima')
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone such as America/Lima'),
  /** Length of a "minute" for ticket timers (transfer, inactivity). Only tests shorten it. */
  TIMERS_MINUTE_MS: z.coerce.number().int().min(10).max(60_000).default(60_000),
  LOG_LEVEL: z.enum(['error', 'warn', 'log', 'debug', 'verbose']).default('log'),
  /** ffmpeg for voice notes (audio → OGG/Opus); unset uses the binary of @ffmpeg-installer/ffmpeg. */
  FFMPEG_PATH: z
    .string()
    .refine((p) => {
      try {
        accessSync(p, constants.X_OK);
        return statSync(p).isFile();
      } catch {
        return false;
      }
    }, 'must be the path of an executable ffmpeg binary')
    .optional(),
  /** Outgoing mail (password reset codes). Without SMTP_HOST mails are written to the log, except in production (refused). */
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  SMTP_SECURE: z.enum(['true', 'false']).default('false'),
  SMTP_USER: z.string().optional(),
  SMTP_PASS: z.string().optional(),
  SMTP_FROM: z.string().default('Atende <no-reply@atende.local>'),
  /** How long an outbound message waits for its session to (re)connect before it is marked failed. */
  /** External message API (issue 34): calls per minute each connection token may make (429 beyond). */
  EXTERNAL_API_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(60),
  OUTBOUND_MAX_WAIT_MS: z.coerce.number().int().min(1_000).max(7 * 86_400_000).default(15 * 60_000),
  /**
   * Every this many ms, outgoing messages stored at least this long ago and never handed to their
   * connection's queue (a crash between storing and queueing) are queued again.
   */
  OUTBOUND_SWEEP_MS: z.coerce.number().int().min(500).max(3_600_000).default(30_000),
  /**
   * Fault tests only (ignored unless NODE_ENV=test): a pause between a message leaving and its send
   * being recorded, so a test can kill the server inside that window (issue 28 item 1).
   */
  OUTBOUND_TEST_RECORD_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /**
   * Hosts (`host` or `host:port`, comma-separated) that URLs a tenant configures may reach over plain
   * http or at private addresses: a model server or n8n inside your network, the test fakes. Every
   * other outbound URL must be https and public (the SDK's OUTBOUND_HTTP guard).
   */
  OUTBOUND_ALLOW_HOSTS: z.string().default(''),
  /**
   * Token for GET /metrics (Prometheus: `Authorization: Bearer <token>`), at least 16 characters. Unset:
   * /metrics answers 404, so metrics are never public by accident.
   */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /**
   * On SIGTERM, how long /api/health/ready answers 503 (draining) before the server stops taking
   * requests, so a proxy or orchestrator takes it out of rotation first.
   */
  DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(30_000).default(0),
  /** Log lines: JSON (one object a line) or pretty text; unset: pretty when stdout is a terminal, else JSON. */
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  /** WhatsApp Web version to announce when the current one cannot be fetched at boot (e.g. 2.3000.1023223821). */
  WA_WEB_VERSION: z
    .string()
    .regex(/^\d+\.\d+\.\d+$/, 'must look like 2.3000.1023223821')
    .optional(),
  /** Ask WhatsApp for its current web version at boot (in the background, 10 s at most). */
  WA_VERSION_CHECK: z.enum(['true', 'false']).default('true'),
});

export type Env = z.infer<typeof envSchema>;

export interface AppConfig extends Env {
  dataDir: string;
  /** true/false when COOKIE_SECURE says so; 'auto': Secure unless plain http to localhost. */
  cookieSecure: boolean | 'auto';
  /** Express `trust proxy` setting parsed from TRUST_PROXY. */
  trustProxy: number | string;
  /** Whether sandbox connections may be created and its routes used (SANDBOX_ENABLED, else not in production). */
  sandboxEnabled: boolean;
}

export class ConfigError extends Error {}

/** Parses the environment; a bad value stops boot with one line per problem naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const cfg = result.data;
  return {
    ...cfg,
    dataDir: path.resolve(cfg.DATA_DIR),
    cookieSecure: cfg.COOKIE_SECURE ? cfg.COOKIE_SECURE === 'true' : 'auto',
    sandboxEnabled: cfg.SANDBOX_ENABLED ? cfg.SANDBOX_ENABLED === 'true' : cfg.NODE_ENV !== 'production',
    trustProxy: /^\d+$/.test(cfg.TRUST_PROXY.trim()) ? Number(cfg.TRUST_PROXY.trim()) : cfg.TRUST_PROXY,
  };
}

export function durationToSeconds(value: string): number {
  const n = Number(value.slice(0, -1));
  const unit = value.slice(-1);
  const factor = unit === 's' ? 1 : unit === 'm' ? 60 : unit === 'h' ? 3600 : 86400;
  return n * factor;
}

export const APP_CONFIG = Symbol.for('atende:config');
