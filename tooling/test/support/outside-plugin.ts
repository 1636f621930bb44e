/**
 * A plugin written outside the workspace, for the browser tests of issue 30 (version skew, dev mode): its
 * folder's node_modules links to the workspace's, so `@atende/sdk-web` is the SDK built from source.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export function run(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} exited ${code}:\n${out}`))));
  });
}

/** A plugin written outside the workspace: a server part in plain JS, and a web remote built by atendeRemote. */
export function writePlugin(dir: string, id: string, shared?: Record<string, string>) {
  mkdirSync(path.join(dir, 'server'), { recursive: true });
  mkdirSync(path.join(dir, 'web/src'), { recursive: true });
  writeFileSync(
    path.join(dir, 'server/index.mjs'),
    `import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Module } from '@nestjs/common';
import { definePluginManifest } from '@atende/core-contract';
import { definePlugin } from '@atende/sdk-server';
class SkewModule {}
Module({})(SkewModule);
export default definePlugin({
  id: ${JSON.stringify(id)},
  version: '0.0.1',
  module: SkewModule,
  manifest: definePluginManifest({ pages: { home: { path: '/${id}' } }, menu: [{ page: 'home', label: { es: '${id}', pt: '${id}', en: '${id}' } }] }),
  web: { dir: path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'web', 'dist') },
});
`,
  );
  writeFileSync(
    path.join(dir, 'web/vite.config.mjs'),
    `import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { atendeRemote } from '@atende/sdk-web/vite';
export default defineConfig(atendeRemote(${JSON.stringify(id)}, [react()], ${JSON.stringify({ shared })}));
`,
  );
  writePage(dir, id, 'uno');
  writeFileSync(
    path.join(dir, 'web/src/plugin.tsx'),
    `import { definePluginManifest } from '@atende/core-contract';
import { defineWebPlugin } from '@atende/sdk-web';
// Pages by the manifest's names, the one way (issue 29 item 6); the server declares the same manifest.
const manifest = definePluginManifest({ pages: { home: { path: '/${id}' } }, menu: [{ page: 'home', label: { es: '${id}', pt: '${id}', en: '${id}' } }] });
export default defineWebPlugin({ id: ${JSON.stringify(id)}, manifest, pages: { home: () => import('./Page.js') } });
`,
  );
}


/**
 * The plugin's page (its own module, so React Fast Refresh can swap it): a hook, antd and the SDK — a
 * second React would break the hook, a second antd would miss the shell's theme, a second SDK the session.
 */
export function writePage(dir: string, id: string, word: string) {
  writeFileSync(
    path.join(dir, 'web/src/Page.tsx'),
    `import { useState } from 'react';
import { Button } from 'antd';
import { useCurrentUser } from '@atende/sdk-web';
export default function Page() {
  const [n, setN] = useState(0);
  const user = useCurrentUser();
  return <div data-testid="${id}-page"><span data-testid="${id}-word">${word}</span><span data-testid="${id}-user">{user?.email}</span><Button data-testid="${id}-count" onClick={() => setN(n + 1)}>{String(n)}</Button></div>;
}
`,
  );
}

/** The environment of a build or dev server as an author runs it: without vitest's variables (@module-federation/vite turns itself off under them). */
export function buildEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && k !== 'NODE_ENV' && k !== 'TEST'));
}
