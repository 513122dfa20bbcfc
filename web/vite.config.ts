import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { precompress } from './precompress.js';

const here = fileURLToPath(new URL('.', import.meta.url));

// The client shares the engine and bots with the server (../src), so one rules implementation
// serves the server, the offline Web Worker and the replay viewer.
export default defineConfig({
  root: here,
  plugins: [react(), precompress()],
  build: { outDir: '../dist/web', emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 800 },
  worker: { format: 'es' },
  server: { fs: { allow: ['..'] }, proxy: { '/api': 'http://localhost:8080', '/ws': { target: 'ws://localhost:8080', ws: true } } },
  test: { root: here, environment: 'jsdom', include: ['test/**/*.test.{ts,tsx}'] },
});
