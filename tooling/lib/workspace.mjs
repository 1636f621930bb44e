// Helpers shared by the start, build and test scripts. Plain Node: these run before dependencies exist.
import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import net from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function run(cmd, args, opts = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: 'inherit', ...opts });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} exited with ${signal ?? code}`)),
    );
  });
}

/** npm install when node_modules is missing or older than package-lock.json. */
export async function ensureInstalled() {
  const marker = path.join(ROOT, 'node_modules', '.package-lock.json');
  const lock = path.join(ROOT, 'package-lock.json');
  if (existsSync(marker) && (!existsSync(lock) || statSync(marker).mtimeMs >= statSync(lock).mtimeMs)) return;
  console.log('› Installing dependencies…');
  // Not `npm ci`: npm 11 rejects this lockfile's optional per-platform Nx binaries it did not record.
  await run('npm', ['install', '--no-audit', '--no-fund']);
}

/**
 * Builds every package in dependency order through Nx (no daemon, no cloud). `fresh` ignores Nx's
 * cache (tests must test the sources).
 */
export async function buildAll({ fresh = false } = {}) {
  console.log('› Building…');
  // Type builds (tsc) run one per core; the Vite builds of the shell and the remotes say
  // `parallelism: false` in their package.json (module federation's build writes shared temporary files).
  await run('npx', ['nx', 'run-many', '-t', 'build', '--outputStyle=static', `--parallel=${Math.max(2, availableParallelism())}`], {
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_SKIP_NX_CACHE: fresh ? 'true' : (process.env.NX_SKIP_NX_CACHE ?? '') },
  });
}

/**
 * Opens a TCP connection; with `send`, writes it and waits for a reply starting with `expect`.
 * Resolves true or false, never rejects.
 */
function tcpProbe(host, port, { send, expect, timeoutMs = 800 } = {}) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('error', () => done(false));
    socket.once('close', () => done(false));
    socket.once('connect', () => (send ? socket.write(send) : done(true)));
    socket.once('data', (d) => done(d.toString().startsWith(expect)));
  });
}

/** Whether something accepts connections on host:port. */
export const canConnect = (host, port) => tcpProbe(host, port);

/** Whether a Redis server answers PING (raw RESP, so it works before dependencies are installed). */
export const redisPing = (host, port) => tcpProbe(host, port, { send: '*1\r\n$4\r\nPING\r\n', expect: '+PONG' });

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export function onPath(bin) {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => existsSync(path.join(dir, bin)));
}
