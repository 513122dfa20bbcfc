import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text files worth compressing; images and fonts are compressed already. */
const TEXT = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;

/** A compressed copy is kept only when it saves at least this share (tiny files gain nothing). */
const WORTH = 0.9;

/**
 * Writes `name.br` and `name.gz` next to every text file of the build, at the highest settings
 * (paid once at build time, not per request); the server sends them to clients that accept them
 * (@fastify/static `preCompressed`) and the original to the others.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'expedition-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of filesUnder(outDir)) {
        if (!TEXT.test(file)) continue;
        const raw = readFileSync(file);
        const br = brotliCompressSync(raw, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        });
        const gz = gzipSync(raw, { level: 9 });
        if (br.length < raw.length * WORTH) writeFileSync(`${file}.br`, br);
        if (gz.length < raw.length * WORTH) writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}
