// npm run restore -- <file> [--force] [--key-file file]: into DATABASE_URL (an empty database unless --force) and DATA_DIR.
import path from 'node:path';
import { restore } from '../lib/backup.mjs';
import { dataDir, databaseUrl, parseArgs, passphrase } from '../lib/backup-cli.mjs';

const args = parseArgs(process.argv.slice(2));
const file = args.positional[0];
if (!file) {
  console.error('Usage: npm run restore -- <backup file> [--force] [--key-file <file>]');
  process.exit(2);
}
try {
  const manifest = await restore({ databaseUrl: databaseUrl(), dataDir: dataDir(), file: path.resolve(file), passphrase: passphrase(args), force: args.force });
  console.log(`✔ Restored the backup of ${manifest.createdAt} into the database and ${dataDir()}. Start the server: it applies any newer migrations.`);
} catch (err) {
  console.error(`✖ ${err.message}`);
  process.exit(1);
}
