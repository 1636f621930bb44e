import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * The kernel the workspace built (@atende/core-server's dist/main.js), found by package resolution at
 * run time: the kit never imports kernel code, it runs the server as a separate process.
 */
function kernelMain(): string {
  const pkg = createRequire(import.meta.url).resolve('@atende/core-server/package.json');
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

export const ADMIN_DB_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const SUPER = { email: 'super@test.local', password: 'Sup3r-secret-pw' };

export function dbUrl(name: string): string {
  const u = new URL(ADMIN_DB_URL);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A fresh, empty database for one test file; dropped by the returned function. */
export async function createDatabase(): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `atende_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
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

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  logs: () => string;
  /** SIGTERM, then SIGKILL after `graceMs` (default 5 s); the data directory goes unless `keepData`. */
  stop: (opts?: { keepData?: boolean; graceMs?: number }) => Promise<void>;
  process: ChildProcess;
}

/**
 * Spawns the built kernel and waits until /api/health answers. `env.ATENDE_PLUGINS` adds plugins to
 * those of plugins/installed.json (comma-separated package names or absolute paths to a built entry).
 */
export async function startServer(opts: { databaseUrl: string; env?: Record<string, string>; dataDir?: string }): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(tmpdir(), 'atende-test-'));
  let output = '';
  const child = spawn(process.execPath, [kernelMain()], {
    cwd: process.cwd(),
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: opts.databaseUrl,
      REDIS_URL: TEST_REDIS_URL,
      DATA_DIR: dataDir,
      SUPER_EMAIL: SUPER.email,
      SUPER_PASSWORD: SUPER.password,
      LOG_LEVEL: 'log',
      NO_COLOR: '1',
      // Readable lines, as a terminal shows them: tests match log text; a test of the JSON lines sets 'json'.
      LOG_FORMAT: 'pretty',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 60_000;
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

export interface ApiResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

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
