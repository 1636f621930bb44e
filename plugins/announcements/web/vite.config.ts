import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { federation } from '@module-federation/vite';
import { REMOTE_EXPOSE, antdPlugins, remoteName, sharedDependencies } from '@atende/sdk-web/federation';

const ID = 'announcements';

// A plugin remote: served by the kernel under /plugins/<id>/, exposing only './plugin'.
export default defineConfig({
  base: `/plugins/${ID}/`,
  plugins: [
    react(),
    // antd components as their own shared modules, icons one by one (see antdPlugins).
    antdPlugins('remote'),
    federation({
      name: remoteName(ID),
      filename: 'remoteEntry.js',
      exposes: { [REMOTE_EXPOSE]: './src/plugin.tsx' },
      shared: sharedDependencies('remote'),
      dts: false,
      manifest: false,
      // Use the runtime the shell publishes instead of bundling another copy.
      experiments: { externalRuntime: true },
    }),
  ],
  // No HTML page: the remote entry is the only output anyone loads.
  // `endpoint()` only builds a { method, path } object: marked pure, the contract's table of every kernel
  // endpoint is dropped from the chunk loaded at start-up (only the endpoints this remote calls stay).
  build: { target: 'esnext', outDir: 'dist', emptyOutDir: true, rollupOptions: { input: './src/plugin.tsx', treeshake: { manualPureFunctions: ['endpoint'] } } },
});
