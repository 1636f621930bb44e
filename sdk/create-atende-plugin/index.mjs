#!/usr/bin/env node
// npm create atende-plugin <id> [--dir <folder>] [--name <package name>]
import path from 'node:path';
import { scaffold } from './lib/scaffold.mjs';

const args = process.argv.slice(2);
const option = (flag) => {
  const i = args.indexOf(flag);
  return i >= 0 ? args[i + 1] : undefined;
};
const id = args.find((a, i) => !a.startsWith('--') && !['--dir', '--name'].includes(args[i - 1]));
if (!id || args.includes('--help')) {
  console.error('Usage: npm create atende-plugin <id> [--dir <folder>] [--name <package name>]');
  process.exit(id ? 0 : 2);
}
try {
  const dir = option('--dir');
  const out = scaffold(id, { dir: dir ? path.resolve(dir) : process.cwd(), packageName: option('--name') });
  console.log(`✔ Atende plugin "${id}" created in ${out}`);
  console.log(`  Next: cd ${path.relative(process.cwd(), out) || '.'} && npm install && npm run build && npm test`);
} catch (err) {
  console.error(`✖ ${err.message}`);
  process.exit(1);
}
