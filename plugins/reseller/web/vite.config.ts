import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { remoteBuild } from '@atende/sdk-web/remote-build';

// A plugin remote, served by the kernel under /plugins/reseller/ (see remoteBuild).
export default defineConfig(remoteBuild('reseller', [react()]));
