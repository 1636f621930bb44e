import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * The kernel to run: `ATENDE_KERNEL_MAIN` (a path to a built main.js) if set, otherwise the installed
 * `@atende/server` package's dist/main.js, found by package resolution from the project being tested
 * (its working directory) and then from the kit itself. The kit never imports kernel code: it runs the
 * server as a separate process, so a plugin's project only needs `@atende/server` installed.
 */
export function kernelMain(): string {
  if (process.env.ATENDE_KERNEL_MAIN) return path.resolve(process.env.ATENDE_KERNEL_MAIN);
  let pkg: string;
  try {
    pkg = createRequire(path.join(process.cwd(), 'noop.js')).resolve('@atende/server/package.json');
  } catch {
    try {
      pkg = createRequire(import.meta.url).resolve('@atende/server/package.json');
    } catch {
      throw new Error('The Atende kernel is not installed: add @atende/server to your devDependencies (or set ATENDE_KERNEL_MAIN).');
    }
  }
  return path.join(path.dirname(pkg), 'dist', 'main.js');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** PostgreSQL the kit creates test databases on (any database of the server; the user must be able to create databases). */
export const ADMIN_DB_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** Redis the kernel under test uses; a path picks the database (`redis://127.0.0.1:6379/3`). `startServer({ redisUrl, redisDb })` overrides it per server. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Prefix of the databases `createDatabase` makes (`TEST_DB_PREFIX`, default `atende_test_`): lets a project tell its leftovers from others'. */
export const TEST_DB_PREFIX = process.env.TEST_DB_PREFIX ?? 'atende_test_';
/** The platform super user every server the kit starts is created with. */
export const SUPER = { email: 'super@test.local', password: 'Sup3r-secret-pw' };

/** `url` with its path set to `/<db>` (a Redis database number). */
export function redisUrlWithDb(url: string, db: number): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

/** A PostgreSQL URL on the kit's server (`ADMIN_DB_URL`) naming database `name`. */
export function dbUrl(name: string): string {
  const u = new URL(ADMIN_DB_URL);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * A fresh, empty database for one test file, named `<prefix><pid>_<time>_<random>` (`prefix` defaults
 * to `TEST_DB_PREFIX`; lowercase letters, digits and underscores); dropped by the returned function.
 */
export async function createDatabase(opts: { prefix?: string } = {}): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const prefix = opts.prefix ?? TEST_DB_PREFIX;
  if (!/^[a-z_][a-z0-9_]*$/.test(prefix)) throw new Error(`Database prefix "${prefix}": use lowercase letters, digits and underscores.`);
  const name = `${prefix}${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: ADMIN_DB_URL });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  return {
    name,
    url: dbUrl(name),
    drop: async () => {
      const c = new pg.Client({ connectionString: ADMIN_DB_URL });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    },
  };
}

/** A kernel started by `startServer`. */
export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  logs: () => string;
  /** SIGTERM, then SIGKILL after `graceMs` (default 5 s); the data directory goes unless `keepData`. */
  stop: (opts?: { keepData?: boolean; graceMs?: number }) => Promise<void>;
  process: ChildProcess;
}

/** What `startServer` takes: only `databaseUrl` is required. */
export interface StartServerOptions {
  databaseUrl: string;
  /** Extra environment for the kernel, e.g. `ATENDE_PLUGINS` (comma-separated package names or absolute paths to a plugin's built entry). */
  env?: Record<string, string>;
  /** Kept after `stop()` when given; otherwise a temporary directory, removed on stop. */
  dataDir?: string;
  /** Port to listen on (default: a free one). */
  port?: number;
  /** Redis for this server (default `TEST_REDIS_URL`). */
  redisUrl?: string;
  /** Redis database number, replacing the URL's path (give each parallel test file its own to keep queues apart). */
  redisDb?: number;
  /** How long to wait for /api/health (default 60 s). */
  bootTimeoutMs?: number;
  /** The kernel's main.js to run (default `kernelMain()`: the installed @atende/server). */
  kernel?: string;
}

/**
 * Spawns the kernel (`kernelMain()`) and waits until /api/health answers. `env.ATENDE_PLUGINS` adds
 * plugins to the kernel's installed list.
 */
export async function startServer(opts: StartServerOptions): Promise<RunningServer> {
  const port = opts.port ?? (await freePort());
  const redisUrl = opts.redisDb === undefined ? (opts.redisUrl ?? TEST_REDIS_URL) : redisUrlWithDb(opts.redisUrl ?? TEST_REDIS_URL, opts.redisDb);
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(tmpdir(), 'atende-test-'));
  let output = '';
  const child = spawn(process.execPath, [opts.kernel ?? kernelMain()], {
    cwd: process.cwd(),
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: opts.databaseUrl,
      REDIS_URL: redisUrl,
      DATA_DIR: dataDir,
      SUPER_EMAIL: SUPER.email,
      SUPER_PASSWORD: SUPER.password,
      LOG_LEVEL: 'log',
      NO_COLOR: '1',
      // Readable lines, as a terminal shows them: tests match log text; a test of the JSON lines sets 'json'.
      LOG_FORMAT: 'pretty',
      // V8's compiled code of the kernel's modules kept on disk between the many servers a suite starts
      // (Node 22's module compile cache): a boot takes ~0.2 s less CPU once the first one wrote it.
      NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE ?? path.join(tmpdir(), 'atende-node-compile-cache'),
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + (opts.bootTimeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Server exited (${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.status === 200 || res.status === 503) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`Server did not start in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    url,
    port,
    dataDir,
    process: child,
    logs: () => output,
    stop: async ({ keepData = false, graceMs = 5000 } = {}) => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
        await exited;
        clearTimeout(timer);
      }
      if (!opts.dataDir && !keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs the server expecting it to refuse to boot; returns exit code and output. */
export function bootFailure(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(process.execPath, [kernelMain()], {
      cwd: process.cwd(),
      env: { PATH: process.env.PATH, NO_COLOR: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** One answer of the `client`: status, parsed JSON body (or text) and headers. */
export interface ApiResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** A small HTTP client for the kernel's API (`/api/...` paths, bearer token per call) with `login`. */
export function client(baseUrl: string) {
  const call = async <T = any>(method: string, p: string, opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
    if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetch(`${baseUrl}${p}`, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: body as T, headers: res.headers } satisfies ApiResult<T>;
  };
  return {
    get: <T = any>(p: string, token?: string) => call<T>('GET', p, { token }),
    post: <T = any>(p: string, body?: unknown, token?: string, headers?: Record<string, string>) => call<T>('POST', p, { token, body, headers }),
    put: <T = any>(p: string, body?: unknown, token?: string) => call<T>('PUT', p, { token, body }),
    del: <T = any>(p: string, token?: string) => call<T>('DELETE', p, { token }),
    login: async (email: string, password: string) => {
      const r = await call<{ token: string; user: any }>('POST', '/api/auth/login', { body: { email, password } });
      if (r.status !== 200) throw new Error(`login ${email} failed: ${r.status} ${JSON.stringify(r.body)}`);
      return r.body;
    },
  };
}

/** One query on a test database (its own connection, closed after). */
export async function queryDb(url: string, q: string, params: unknown[] = []): Promise<any[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(q, params)).rows;
  } finally {
    await c.end();
  }
}
