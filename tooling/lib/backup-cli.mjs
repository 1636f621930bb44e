// Arguments and environment shared by `npm run backup` and `npm run restore`.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './workspace.mjs';

export function parseArgs(argv) {
  const args = { positional: [], force: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--force') args.force = true;
    else if (a === '--out' || a === '--key-file') args[a.slice(2)] = argv[++i];
    else args.positional.push(a);
  }
  return args;
}

/** BACKUP_KEY, or the first line of --key-file / BACKUP_KEY_FILE (a mounted secret). */
export function passphrase(args, env = process.env) {
  const file = args['key-file'] ?? env.BACKUP_KEY_FILE;
  if (file) return readFileSync(file, 'utf8').split('\n')[0].trim();
  return env.BACKUP_KEY ?? '';
}

export function dataDir(env = process.env) {
  return path.resolve(ROOT, env.DATA_DIR ?? '.atende-data');
}

/** DATABASE_URL, else the embedded PostgreSQL of `npm start` (which must be running). */
export function databaseUrl(env = process.env) {
  if (env.DATABASE_URL) return env.DATABASE_URL;
  const pw = path.join(dataDir(env), 'postgres-password');
  if (existsSync(pw)) {
    const port = Number(env.EMBEDDED_PG_PORT ?? 54329);
    return `postgres://atende:${encodeURIComponent(readFileSync(pw, 'utf8').trim())}@127.0.0.1:${port}/atende`;
  }
  throw new Error('Set DATABASE_URL (or run it beside the embedded PostgreSQL of `npm start`).');
}
