import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { atendeHost } from '@atende/sdk-web/vite';
import { HOST_ONLY_SHARED } from '@atende/sdk-web/federation';
import { AUTH_ENDPOINTS, PLUGIN_ENDPOINTS } from '@atende/core-contract';
import { antdImports } from './vite/antd-imports.js';
import { bootScript } from './vite/boot-script.js';

const api = process.env.ATENDE_API ?? 'http://localhost:8080';

// antd and the libraries under it (React, the router and the other singletons are chunked by Rolldown).
const ANTD_FAMILY = /[\\/]node_modules[\\/](antd|@ant-design|@rc-component|@babel[\\/]runtime|clsx|stylis|@emotion|throttle-debounce|compute-scroll-into-view|scroll-into-view-if-needed|is-mobile|react-is)[\\/]/;
const startup = new Set<string>();
const SDK_DIST = /[\\/]sdk[\\/]web[\\/]dist[\\/]/;

/**
 * Notes the antd modules every page loads: those src/bootstrap.tsx reaches without a dynamic import.
 * Each antd component is an entry of its own (a shared module) and each page a lazy chunk, so these would
 * be cut into dozens of small files, all downloaded at start-up anyway and compressed worse apart.
 */
const startupModules: Plugin = {
  name: 'atende:startup-modules',
  apply: 'build',
  buildEnd() {
    const pending = [...this.getModuleIds()].filter((id) => id.endsWith('/src/bootstrap.tsx'));
    while (pending.length) {
      const id = pending.pop()!;
      if (startup.has(id)) continue;
      startup.add(id);
      // Not through the SDK: its index re-exports every kit piece (tables, forms…) the start-up path
      // does not use; the antd modules the SDK does use are chunked by Rolldown like any other.
      if (SDK_DIST.test(id)) continue;
      pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
    }
  },
};

/**
 * antd's form context (which every Tooltip, Button and Modal reaches through ContextIsolator) imports
 * FormProvider from @rc-component/form's index, whose module-level statics keep the whole form library
 * (fields, lists, the async validator: ~17 kB gzip) on every first load. FormProvider is defined in
 * FormContext.js: importing it from there is the same binding, and the rest comes with the first Form.
 */
const formContextImport: Plugin = {
  name: 'atende:antd-form-context',
  enforce: 'pre',
  apply: 'build',
  async resolveId(source, importer) {
    if (source !== '@rc-component/form' || !importer || !/[\\/]node_modules[\\/]antd[\\/]es[\\/]form[\\/]context\.js$/.test(importer)) return null;
    const resolved = await this.resolve('@rc-component/form/es/FormContext.js', importer, { skipSelf: true });
    if (!resolved || !/export\s*\{[^}]*\bFormProvider\b/.test(readFileSync(resolved.id, 'utf8'))) this.error('@rc-component/form/es/FormContext.js no longer exports FormProvider');
    return resolved;
  },
};

// The router's declarative API only, not the whole package (see the module): the shell's own imports
// and what remotes receive as 'react-router-dom'.
const ROUTER_FACADE = fileURLToPath(new URL('./src/shared/react-router-dom.ts', import.meta.url));
const SHARED_MODULES = fileURLToPath(new URL('./src/plugins/shared-modules.ts', import.meta.url));

// The shell is the module federation host: remotes are registered at run time from GET /api/plugins, and
// the federation runtime starts with the first one (src/plugins/federation-host.ts).
export default defineConfig({
  plugins: [
    react(),
    startupModules,
    formContextImport,
    // antd components and icons one module each, so the start-up chunk holds only those it uses.
    antdImports(),
    // The share scope remotes receive. Their 'react-router-dom' is the shell's own, the declarative API
    // (ROUTER_FACADE): a shared module is kept whole, and the whole router would stay in the start-up
    // chunk (+33 kB gzip on /login) because the shell imports it there.
    // The contracts (HOST_ONLY_SHARED) only for remotes built before SDK 1.1, as a copy (see atendeHost).
    atendeHost({ sharedModulesFile: SHARED_MODULES, imports: { 'react-router-dom': ROUTER_FACADE }, copies: [...HOST_ONLY_SHARED] }),
    // A signed-in first view starts the session's requests and its screen's code from the HTML
    // (boot.js; the token key is sdk-web's STORAGE_KEYS.token, checked by boot-script.test.ts).
    bootScript({ tokenKey: 'token', early: [AUTH_ENDPOINTS.me, PLUGIN_ENDPOINTS.list, PLUGIN_ENDPOINTS.public].map((e) => `/api${e.path}`) }),
  ],
  resolve: { alias: [{ find: /^react-router-dom$/, replacement: ROUTER_FACADE }] },
  build: {
    target: 'esnext',
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'antd-startup', test: (id) => startup.has(id) && ANTD_FAMILY.test(id) }] } } },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': api,
      '/plugins': api,
      '/socket.io': { target: api, ws: true },
    },
  },
});
