import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { federation } from '@module-federation/vite';
import { sharedDependencies } from '@atende/sdk-web/federation';

const api = process.env.ATENDE_API ?? 'http://localhost:8080';

// The shell is the federation host: remotes are registered at run time from GET /api/plugins.
export default defineConfig({
  plugins: [
    react(),
    federation({
      name: 'shell',
      dts: false,
      remotes: {},
      shared: sharedDependencies('host'),
      manifest: false,
      // Publish the federation runtime once, so remotes do not each ship their own copy.
      experiments: { provideExternalRuntime: true },
    }),
  ],
  build: { target: 'esnext', outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 2000 },
  server: {
    port: 5173,
    proxy: {
      '/api': api,
      '/plugins': api,
      '/socket.io': { target: api, ws: true },
    },
  },
});
