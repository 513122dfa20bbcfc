import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { precompress } from './precompress.js';

const here = fileURLToPath(new URL('.', import.meta.url));

// The component tests run in one jsdom, file after file (building a jsdom and loading React and the
// engines again for each file was two thirds of their time), except the files that replace a module
// with vi.mock: a module replaced for one file must not be the one another file imports.
const TESTS = readdirSync(join(here, 'test'), { recursive: true, encoding: 'utf8' }).filter((f) => /\.test\.tsx?$/.test(f));
const MOCKING = TESTS.filter((f) => /\bvi\.(?:do)?[mM]ock\(/.test(readFileSync(join(here, 'test', f), 'utf8')));
const tests = (files: string[]) => files.map((f) => `test/${f}`);

// The client shares the engine and bots with the server (../src), so one rules implementation
// serves the server, the offline Web Worker and the replay viewer.
export default defineConfig({
  root: here,
  plugins: [react(), precompress()],
  build: { outDir: '../dist/web', emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 800 },
  worker: { format: 'es' },
  server: { fs: { allow: ['..'] }, proxy: { '/api': 'http://localhost:8080', '/ws': { target: 'ws://localhost:8080', ws: true } } },
  test: {
    root: here,
    environment: 'jsdom',
    setupFiles: ['test/dom-storage.ts', 'test/fresh-page.ts'],
    // npm test runs these beside the node:test suites: a test that takes 3 s alone may take 10.
    testTimeout: 30_000,
    projects: [
      { extends: true, test: { name: 'shared', include: tests(TESTS.filter((f) => !MOCKING.includes(f))), isolate: false } },
      { extends: true, test: { name: 'isolated', include: tests(MOCKING) } },
    ],
  },
});
