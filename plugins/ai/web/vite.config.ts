import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { atendeRemote } from '@atende/sdk-web/vite';

// A plugin remote, served by the kernel under /plugins/ai/: a module federation remote (see atendeRemote).
export default defineConfig(atendeRemote('ai', [react()]));
