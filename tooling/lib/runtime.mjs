// The Node the dependencies support (issue 35 item 1): @mikro-orm/* 7 needs >= 22.17, kysely and file-type
// >= 22. On an older Node, `npm start` and `npm test` fetch Node 22 from the npm registry (the `node`
// package ships the official binaries) into .atende-runtime/ and re-run themselves on it, with its
// directory first on PATH so npm, Nx, Vitest and the server they spawn all run on it too.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './workspace.mjs';

/** Exact: every machine without a suitable Node gets the same runtime. Keep in step with .nvmrc. */
export const RUNTIME_VERSION = '22.23.3';
const MIN = [22, 17];

export function supported(version = process.versions.node) {
  const [major, minor] = version.split('.').map(Number);
  return major > MIN[0] || (major === MIN[0] && minor >= MIN[1]);
}

const runtimeDir = path.join(ROOT, '.atende-runtime');
const runtimeBin = path.join(runtimeDir, 'node_modules', 'node', 'bin', 'node');

function installedVersion() {
  if (!existsSync(runtimeBin)) return null;
  const r = spawnSync(runtimeBin, ['--version'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim().replace(/^v/, '') : null;
}

function installRuntime() {
  console.log(`› Node ${process.versions.node} is older than the dependencies support: fetching Node ${RUNTIME_VERSION} (npm package "node")…`);
  mkdirSync(runtimeDir, { recursive: true });
  // Its own tiny project, so the workspace's lockfile never records a per-platform binary.
  writeFileSync(
    path.join(runtimeDir, 'package.json'),
    JSON.stringify({ name: 'atende-runtime', private: true, dependencies: { node: RUNTIME_VERSION }, allowScripts: { node: true } }, null, 2) + '\n',
  );
  const r = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--no-package-lock'], { cwd: runtimeDir, stdio: 'inherit' });
  if (r.status !== 0 || installedVersion() !== RUNTIME_VERSION) {
    console.error(`✖ Could not install Node ${RUNTIME_VERSION}. Install Node ${MIN.join('.')}+ (see .nvmrc) and run again.`);
    process.exit(1);
  }
}

/**
 * Returns when this process already runs on a supported Node; otherwise runs the same script on the
 * fetched runtime and exits with its exit code (never returns).
 */
export async function onSupportedNode() {
  if (supported()) return;
  if (installedVersion() !== RUNTIME_VERSION) installRuntime();
  const binDir = path.dirname(runtimeBin);
  const child = spawn(runtimeBin, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, PATH: `${binDir}${path.delimiter}${process.env.PATH ?? ''}` },
  });
  // Ctrl-C reaches the whole process group; a SIGTERM sent to this process alone is passed on.
  for (const sig of ['SIGTERM', 'SIGHUP']) process.on(sig, () => child.kill(sig));
  process.on('SIGINT', () => {});
  const code = await new Promise((resolve) => child.on('exit', (c, s) => resolve(c ?? (s ? 1 : 0))));
  process.exit(code);
}
