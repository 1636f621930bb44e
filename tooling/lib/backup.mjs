// Backups (issue 35 item 6): one encrypted file holding the database (pg_dump, custom format), the media
// files and the generated secrets of DATA_DIR. Plain Node plus pg_dump/pg_restore/tar from PATH.
import { spawn, spawnSync } from 'node:child_process';
import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';
import { cpSync, createReadStream, createWriteStream, existsSync, mkdirSync, mkdtempSync, openSync, readSync, closeSync, readdirSync, rmSync, statSync, writeFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

/** File layout: MAGIC, scrypt salt (16), GCM iv (12), ciphertext of a tar, GCM tag (16). */
const MAGIC = Buffer.from('ATENDEBK1\n');
const SALT = 16;
const IV = 12;
const TAG = 16;

/** AES-256 key from the operator's passphrase; scrypt makes guessing it slow. */
function deriveKey(passphrase, salt) {
  if (!passphrase || passphrase.length < 16) throw new Error('BACKUP_KEY must be set to a passphrase of at least 16 characters.');
  return scryptSync(passphrase, salt, 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
}

/**
 * The database URL without its password, and the password in the child's environment (PGPASSWORD): a
 * command line is readable by every local process (`ps`, /proc/<pid>/cmdline), an environment is not.
 */
export function pgTarget(databaseUrl) {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

function exec(cmd, args, opts = {}) {
  return new Promise((resolve, reject) => {
    let stderr = '';
    const child = spawn(cmd, args, { stdio: ['ignore', 'inherit', 'pipe'], ...opts });
    child.stderr?.on('data', (d) => (stderr += d));
    child.on('error', (err) => reject(new Error(`${cmd}: ${err.message}`)));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} exited with ${code}: ${stderr.trim()}`))));
  });
}

/** The major version of a PostgreSQL client tool (`pg_dump (PostgreSQL) 15.20` → 15), null if absent. */
export function toolMajor(bin) {
  const r = spawnSync(bin, ['--version'], { encoding: 'utf8' });
  if (r.status !== 0) return null;
  return Number(/(\d+)(\.\d+)?/.exec(r.stdout)?.[1] ?? NaN);
}

/** The server's major version (server_version_num / 10000), asked with psql. */
function serverMajor(psql, databaseUrl) {
  const db = pgTarget(databaseUrl);
  const r = spawnSync(psql, ['--no-psqlrc', '-tA', '-c', 'show server_version_num', db.url], { encoding: 'utf8', env: db.env });
  if (r.status !== 0) throw new Error(`Cannot reach the database with ${psql}: ${r.stderr.trim()}`);
  return Math.floor(Number(r.stdout.trim()) / 10000);
}

/** pg_dump refuses a server newer than itself: say so before starting, with what to install. */
function checkClient(bins, databaseUrl) {
  const dumpMajor = toolMajor(bins.pgDump);
  if (dumpMajor === null) throw new Error(`${bins.pgDump} not found: install the PostgreSQL client (e.g. apt-get install postgresql-client) or set PG_DUMP.`);
  const server = serverMajor(bins.psql, databaseUrl);
  if (dumpMajor < server) throw new Error(`${bins.pgDump} is version ${dumpMajor}, the server ${server}: install postgresql-client-${server} or set PG_DUMP/PG_RESTORE/PSQL to its binaries.`);
  return { dumpMajor, server };
}

export function clientBins(env = process.env) {
  return { pgDump: env.PG_DUMP || 'pg_dump', pgRestore: env.PG_RESTORE || 'pg_restore', psql: env.PSQL || 'psql' };
}

async function encryptFile(src, dest, passphrase) {
  const salt = randomBytes(SALT);
  const iv = randomBytes(IV);
  const cipher = createCipheriv('aes-256-gcm', deriveKey(passphrase, salt), iv);
  const out = createWriteStream(dest, { mode: 0o600 });
  out.write(Buffer.concat([MAGIC, salt, iv]));
  await pipeline(createReadStream(src), cipher, out, { end: false });
  await new Promise((resolve, reject) => out.end(cipher.getAuthTag(), (err) => (err ? reject(err) : resolve())));
}

async function decryptFile(src, dest, passphrase) {
  const size = statSync(src).size;
  const head = Buffer.alloc(MAGIC.length + SALT + IV);
  const tag = Buffer.alloc(TAG);
  const fd = openSync(src, 'r');
  try {
    readSync(fd, head, 0, head.length, 0);
    readSync(fd, tag, 0, TAG, size - TAG);
  } finally {
    closeSync(fd);
  }
  if (size < head.length + TAG || !head.subarray(0, MAGIC.length).equals(MAGIC)) throw new Error(`${src} is not an Atende backup.`);
  const salt = head.subarray(MAGIC.length, MAGIC.length + SALT);
  const iv = head.subarray(MAGIC.length + SALT);
  const decipher = createDecipheriv('aes-256-gcm', deriveKey(passphrase, salt), iv);
  decipher.setAuthTag(tag);
  try {
    await pipeline(createReadStream(src, { start: head.length, end: size - TAG - 1 }), decipher, createWriteStream(dest, { mode: 0o600 }));
  } catch (err) {
    rmSync(dest, { force: true });
    // GCM checks the whole file: a wrong key and a damaged file look the same.
    throw new Error(`Cannot decrypt ${src}: wrong BACKUP_KEY or a damaged file (${err.message}).`);
  }
}

/**
 * A private working folder for the plaintext (database dump, secrets) while it is packed or unpacked:
 * inside DATA_DIR, which already holds the same secrets, never the shared /tmp, so a run killed with
 * SIGKILL leaves nothing readable outside the data volume; a later run removes such leftovers (an hour old).
 */
function stagingDir(dataDir, kind) {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  for (const name of readdirSync(dataDir)) {
    if (!/^\.atende-(backup|restore)-/.test(name)) continue;
    const full = path.join(dataDir, name);
    if (Date.now() - statSync(full).mtimeMs > 3_600_000) rmSync(full, { recursive: true, force: true });
  }
  return mkdtempSync(path.join(dataDir, `.atende-${kind}-`));
}

/**
 * Writes `out`: the database, DATA_DIR/media and DATA_DIR/secrets.json, tarred and encrypted with
 * `passphrase`. Returns what it holds.
 */
export async function backup({ databaseUrl, dataDir, out, passphrase, bins = clientBins(), log = console.log }) {
  deriveKey(passphrase, Buffer.alloc(SALT)); // fail on a bad key before any work
  const versions = checkClient(bins, databaseUrl);
  const work = stagingDir(dataDir, 'backup');
  try {
    const content = path.join(work, 'content');
    mkdirSync(content, { mode: 0o700 });
    log(`› pg_dump (client ${versions.dumpMajor}, server ${versions.server})…`);
    const db = pgTarget(databaseUrl);
    await exec(bins.pgDump, ['--format=custom', '--no-owner', '--no-privileges', '--file', path.join(content, 'database.dump'), db.url], { env: db.env });
    const media = path.join(dataDir, 'media');
    const hasMedia = existsSync(media);
    if (hasMedia) cpSync(media, path.join(content, 'media'), { recursive: true });
    const secrets = path.join(dataDir, 'secrets.json');
    const hasSecrets = existsSync(secrets);
    if (hasSecrets) cpSync(secrets, path.join(content, 'secrets.json'));
    const manifest = { format: 1, createdAt: new Date().toISOString(), postgres: versions.server, media: hasMedia, secrets: hasSecrets };
    writeFileSync(path.join(content, 'manifest.json'), JSON.stringify(manifest, null, 2));
    log('› Packing and encrypting…');
    const tar = path.join(work, 'backup.tar');
    await exec('tar', ['-cf', tar, '-C', content, '.']);
    mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
    await encryptFile(tar, out, passphrase);
    return manifest;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Restores `file` into the database at `databaseUrl` (which must hold no Atende tables unless `force`)
 * and into `dataDir` (media, and secrets.json: without it, sessions and stored WhatsApp credentials
 * would not be readable).
 */
export async function restore({ databaseUrl, dataDir, file, passphrase, force = false, bins = clientBins(), log = console.log }) {
  const work = stagingDir(dataDir, 'restore');
  try {
    log('› Decrypting…');
    const tar = path.join(work, 'backup.tar');
    await decryptFile(file, tar, passphrase);
    const content = path.join(work, 'content');
    mkdirSync(content, { mode: 0o700 });
    await exec('tar', ['-xf', tar, '-C', content]);
    const manifest = JSON.parse(readFileSync(path.join(content, 'manifest.json'), 'utf8'));
    const restoreMajor = toolMajor(bins.pgRestore);
    if (restoreMajor === null) throw new Error(`${bins.pgRestore} not found: install the PostgreSQL client or set PG_RESTORE.`);
    if (restoreMajor < manifest.postgres) throw new Error(`${bins.pgRestore} is version ${restoreMajor}; the backup was dumped from PostgreSQL ${manifest.postgres}.`);
    const db = pgTarget(databaseUrl);
    const existing = spawnSync(bins.psql, ['--no-psqlrc', '-tA', '-c', "select to_regclass('public.atende_migrations') is not null", db.url], { encoding: 'utf8', env: db.env });
    if (existing.status !== 0) throw new Error(`Cannot reach the database: ${existing.stderr.trim()}`);
    if (existing.stdout.trim() === 't' && !force) throw new Error('The target database already holds Atende tables: restore into an empty database, or pass --force to replace them.');
    log('› pg_restore…');
    await exec(bins.pgRestore, ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', ...(force ? ['--clean', '--if-exists'] : []), '--dbname', db.url, path.join(content, 'database.dump')], { env: db.env });
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    if (manifest.media) cpSync(path.join(content, 'media'), path.join(dataDir, 'media'), { recursive: true });
    if (manifest.secrets) {
      const target = path.join(dataDir, 'secrets.json');
      if (existsSync(target) && !force && readFileSync(target, 'utf8') !== readFileSync(path.join(content, 'secrets.json'), 'utf8')) {
        throw new Error(`${target} differs from the backup's: pass --force to replace it (the database is restored).`);
      }
      cpSync(path.join(content, 'secrets.json'), target);
    }
    return manifest;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
