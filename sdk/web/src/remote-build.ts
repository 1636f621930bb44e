/**
 * The build of a plugin's web remote (issue 13 item 5), shared by every plugin's vite.config.ts:
 *
 *   export default defineConfig(remoteBuild('helps', [react()]));
 *
 * A remote is a plain ES module, `remoteEntry.js`, whose default export is the plugin's definition,
 * plus its lazy chunks. It bundles its own code and takes every shared singleton (React, the SDK, the
 * router, each antd component: HOST_SHARED_KEYS) from the shell at run time: each import of such a key
 * becomes `await globalThis[SHARE_SCOPE_GLOBAL](key)`, which the shell answers with the very module it
 * runs (shell/src/plugins/share-scope.ts). So the page holds one React and one antd, and a remote costs
 * only its own code: module federation's container, share wrappers and runtime (~12 kB gzip a remote
 * plus 24 kB of runtime in the shell) are gone.
 *
 * It is its own entry (`@atende/sdk-web/remote-build`), used only by vite.config files (it imports Vite,
 * the caller's), so the shell, which imports federation.ts, never bundles it.
 */
import { esmExternalRequirePlugin } from 'vite';
import { HOST_SHARED_KEYS, SHARE_SCOPE_GLOBAL, antdPlugins, type AntdPlugin } from './federation.js';
import { REMOTE_STAMP_FILE, SDK_WEB_VERSION } from './version.js';

/** The ESTree nodes sharedImports() reads from the parsed chunk (start/end are offsets into the code). */
interface EsNode {
  type: string;
  start: number;
  end: number;
  source?: EsNode & { value?: unknown };
  specifiers?: (EsNode & { local: { name: string }; imported?: EsNode & { name?: string; value?: string } })[];
  [key: string]: unknown;
}

/** What `sharedImports()` gives the bundler. */
export interface SharedImportsPlugin {
  name: string;
  enforce: 'pre';
  apply: 'build';
  resolveId(source: string): { id: string; external: true } | null;
  renderChunk(this: { parse(code: string): unknown; error(message: string): never }, code: string, chunk: { fileName: string }): { code: string; map: null } | null;
}

const SHARED_KEYS = new Set<string>(HOST_SHARED_KEYS);
/** The shell's share scope function, as the remote's code names it. */
const SCOPE = `globalThis[${JSON.stringify(SHARE_SCOPE_GLOBAL)}]`;
const scope = (key: string) => `${SCOPE}(${JSON.stringify(key)})`;

/** `{ default: React, useState, t as u }` → the destructuring pattern of one import declaration's names. */
function pattern(specifiers: NonNullable<EsNode['specifiers']>): { namespace?: string; names: string[] } {
  let namespace: string | undefined;
  const names: string[] = [];
  for (const s of specifiers) {
    if (s.type === 'ImportNamespaceSpecifier') namespace = s.local.name;
    else if (s.type === 'ImportDefaultSpecifier') names.push(`default: ${s.local.name}`);
    else {
      const imported = s.imported?.type === 'Literal' ? JSON.stringify(s.imported.value) : s.imported!.name!;
      names.push(imported === s.local.name ? imported : `${imported}: ${s.local.name}`);
    }
  }
  return { namespace, names };
}

/**
 * The statement that replaces a chunk's imports of shared keys (placed where the first one was): one
 * `await` for all of them together, so a chunk whose components the shell has not loaded yet fetches
 * them in parallel, not one after another. `imports`: each declaration's key and names, in order.
 */
export function sharedImportsStatement(imports: { key: string; specifiers: NonNullable<EsNode['specifiers']> }[]): string {
  const modules = imports.map((_, i) => `__shared${i}`);
  const keys = JSON.stringify(imports.map((i) => i.key));
  const lines = [`const [${modules.join(', ')}] = await Promise.all(${keys}.map((key) => ${SCOPE}(key)));`];
  imports.forEach(({ specifiers }, i) => {
    const { namespace, names } = pattern(specifiers);
    if (namespace) lines.push(`const ${namespace} = ${modules[i]};`);
    if (names.length) lines.push(`const { ${names.join(', ')} } = ${modules[i]};`);
  });
  return lines.join(' ');
}

/** Every node of the tree (the chunk's dynamic imports may sit anywhere). */
function* nodes(node: unknown): Generator<EsNode> {
  if (Array.isArray(node)) {
    for (const child of node) yield* nodes(child);
  } else if (node && typeof node === 'object' && typeof (node as EsNode).type === 'string') {
    yield node as EsNode;
    for (const [key, value] of Object.entries(node)) if (key !== 'type' && value && typeof value === 'object') yield* nodes(value);
  }
}

/**
 * Shared keys stay out of the bundle (external), and in each finished chunk their imports read the
 * shell's share scope instead: `import { jsx } from "react/jsx-runtime"` and the chunk's other such
 * imports → one `await Promise.all` of `globalThis.__atendeShared(key)` calls (sharedImportsStatement),
 * a dynamic `import("react")` → `globalThis.__atendeShared("react")`. A chunk that re-exports a shared module fails the build: the remote would hand out
 * the shell's module under its own name, which nothing should need.
 */
export function sharedImports(): SharedImportsPlugin {
  return {
    name: 'atende:shared-imports',
    enforce: 'pre',
    apply: 'build',
    resolveId(source) {
      return SHARED_KEYS.has(source) ? { id: source, external: true } : null;
    },
    renderChunk(code, chunk) {
      const edits: { start: number; end: number; text: string }[] = [];
      let first: (typeof edits)[number] | undefined;
      const imports: { key: string; specifiers: NonNullable<EsNode['specifiers']> }[] = [];
      for (const node of nodes(this.parse(code))) {
        const key = node.source?.type === 'Literal' && typeof node.source.value === 'string' ? node.source.value : undefined;
        if (!key || !SHARED_KEYS.has(key)) continue;
        if (node.type === 'ImportDeclaration') {
          imports.push({ key, specifiers: node.specifiers ?? [] });
          edits.push({ start: node.start, end: node.end, text: '' });
          first ??= edits[edits.length - 1];
        } else if (node.type === 'ImportExpression') edits.push({ start: node.start, end: node.end, text: scope(key) });
        else this.error(`${chunk.fileName}: re-exports the shared module '${key}' (${node.type}); import it and export your own names instead`);
      }
      if (!edits.length) return null;
      if (code.includes('__shared0')) this.error(`${chunk.fileName}: already names __shared0, the share scope's variable`);
      // Declarations come first in the tree walk: the first one's place takes the statement for all.
      if (first) first.text = sharedImportsStatement(imports);
      let out = code;
      for (const e of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
      return { code: out, map: null };
    },
  };
}

/** What `sdkStamp()` gives the bundler. */
export interface SdkStampPlugin {
  name: string;
  apply: 'build';
  generateBundle(this: { emitFile(file: { type: 'asset'; fileName: string; source: string }): void }): void;
}

/**
 * Writes `atende-remote.json` (`{ "sdkWeb": "<this SDK's version>" }`) beside remoteEntry.js: the SDK the
 * remote was built with, which the kernel reports in `GET /api/plugins` and the shell checks before
 * loading it (sdkWebMismatch). Any bundler's build can emit the same file; this is Vite's/Rollup's.
 */
export function sdkStamp(): SdkStampPlugin {
  return {
    name: 'atende:sdk-stamp',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: REMOTE_STAMP_FILE, source: `${JSON.stringify({ sdkWeb: SDK_WEB_VERSION })}\n` });
    },
  };
}

/**
 * The Vite config of a plugin's remote, served by the kernel under /plugins/<id>/ (`plugins`: the
 * framework's, e.g. React's, typed by the caller; Vite is this entry's peer dependency).
 */
export function remoteBuild<P = never>(id: string, plugins: P[] = []) {
  return {
    base: `/plugins/${id}/`,
    // antd components by their own entries and icons one by one (antdPlugins), then the share scope.
    // A CommonJS dependency's require() of a shared key (use-sync-external-store's of 'react', say) becomes
    // an import first (Rolldown's esmExternalRequirePlugin), which sharedImports then turns into a read.
    plugins: [...plugins, ...antdPlugins('remote'), sharedImports(), sdkStamp(), esmExternalRequirePlugin({ external: [...HOST_SHARED_KEYS] })] as (
      | P
      | AntdPlugin
      | SharedImportsPlugin
      | SdkStampPlugin
      | ReturnType<typeof esmExternalRequirePlugin>
    )[],
    build: {
      target: 'esnext',
      outDir: 'dist',
      emptyOutDir: true,
      // Chunks import each other by relative URL; nothing to preload ahead (no CSS: antd styles are CSS-in-JS).
      modulePreload: false,
      rolldownOptions: {
        // No HTML page: the entry module is the only file anyone loads, and it must keep its default export.
        input: './src/plugin.tsx',
        preserveEntrySignatures: 'strict' as const,
        // `endpoint()` only builds a { method, path } object: marked pure, the contracts' tables of
        // endpoints keep only those this remote calls.
        treeshake: { manualPureFunctions: ['endpoint'] },
        output: { entryFileNames: 'remoteEntry.js', chunkFileNames: 'assets/[name]-[hash].js' },
      },
    },
  };
}
