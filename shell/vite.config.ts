import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { federation } from '@module-federation/vite';
import { antdPlugins, sharedDependencies } from '@atende/sdk-web/federation';

const api = process.env.ATENDE_API ?? 'http://localhost:8080';

// antd and the libraries under it; the shared singletons (React, the router…) are chunked by federation.
const ANTD_FAMILY = /[\\/]node_modules[\\/](antd|@ant-design|@rc-component|@babel[\\/]runtime|clsx|stylis|@emotion|throttle-debounce|compute-scroll-into-view|scroll-into-view-if-needed|is-mobile|react-is)[\\/]/;
const startup = new Set<string>();

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
      pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
    }
  },
};

// The shell is the federation host: remotes are registered at run time from GET /api/plugins.
export default defineConfig({
  plugins: [
    react(),
    startupModules,
    // antd components as their own shared modules, icons one by one (see antdPlugins).
    antdPlugins('host'),
    federation({
      name: 'shell',
      dts: false,
      remotes: {},
      shared: {
        ...sharedDependencies('host'),
        // The router's declarative API only, not the whole package (see the module).
        'react-router-dom': { singleton: true, import: fileURLToPath(new URL('./src/shared/react-router-dom.ts', import.meta.url)) },
      },
      manifest: false,
      // Publish the federation runtime once, so remotes do not each ship their own copy.
      experiments: { provideExternalRuntime: true },
    }),
  ],
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
