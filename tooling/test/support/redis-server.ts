import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, redisPing } from '../../lib/workspace.mjs';
import { redisArgs } from '../../lib/services.mjs';

export interface PrivateRedis {
  url: string;
  port: number;
  /** SIGKILL: what was not yet in the append-only file is gone, as on a crash. */
  kill(): Promise<void>;
  /** Starts again on the same port and data directory (it reloads its append-only file). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A redis-server of a test's own, on a free port in a temporary directory: started as `npm start`
 * starts one (redisArgs: append-only file, fsync every second), or with `aof: false` without persistence.
 */
export async function startPrivateRedis({ aof = true }: { aof?: boolean } = {}): Promise<PrivateRedis> {
  const port = (await freePort()) as number;
  const dir = mkdtempSync(path.join(tmpdir(), 'atende-redis-'));
  const args = aof ? redisArgs(port, dir) : ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no'];
  let child: ChildProcess | null = null;
  const up = async () => {
    child = spawn('redis-server', args, { stdio: 'ignore' });
    for (let i = 0; i < 100 && !(await redisPing('127.0.0.1', port)); i++) await new Promise((r) => setTimeout(r, 50));
    if (!(await redisPing('127.0.0.1', port))) throw new Error(`redis-server did not start on ${port}`);
  };
  const down = async (signal: NodeJS.Signals) => {
    const c = child as ChildProcess | null;
    if (!c || c.exitCode !== null || c.signalCode !== null) return;
    const exited = new Promise((r) => c.once('exit', r));
    c.kill(signal);
    await exited;
  };
  await up();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    kill: () => down('SIGKILL'),
    restart: up,
    stop: async () => {
      await down('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
