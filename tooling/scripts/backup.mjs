// npm run backup [-- --out file] [--key-file file]: database + media + secrets, encrypted with BACKUP_KEY.
import path from 'node:path';
import { backup } from '../lib/backup.mjs';
import { dataDir, databaseUrl, parseArgs, passphrase } from '../lib/backup-cli.mjs';

const args = parseArgs(process.argv.slice(2));
const out = path.resolve(args.out ?? `atende-backup-${new Date().toISOString().replace(/[:.]/g, '-')}.atb`);
try {
  const started = Date.now();
  const manifest = await backup({ databaseUrl: databaseUrl(), dataDir: dataDir(), out, passphrase: passphrase(args) });
  console.log(`✔ Backup written to ${out} in ${((Date.now() - started) / 1000).toFixed(1)} s (PostgreSQL ${manifest.postgres}${manifest.media ? ', media' : ''}${manifest.secrets ? ', secrets' : ''}).`);
} catch (err) {
  console.error(`✖ ${err.message}`);
  process.exit(1);
}
