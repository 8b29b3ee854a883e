/**
 * Imports a TypeScript module of scripts/lib, bundled like the server (esbuild, npm packages left
 * external), for as long as `use` runs: how the measuring scripts reuse the server's own code. The
 * bundle is written beside the server's, in dist/server, where the scripts the server starts by their
 * path next to its module (the image encoder's child process, the sanitiser thread) are copied.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { root } from './site-process.mjs';

export async function withBundled(name, use) {
  const outfile = join(root, 'dist', 'server', `${name}-${process.pid}.mjs`);
  await esbuild.build({
    entryPoints: [join(root, 'scripts/lib', `${name}.ts`)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    loader: { '.css': 'empty' },
    logLevel: 'warning',
  });
  try {
    return await use(await import(outfile));
  } finally {
    rmSync(outfile, { force: true });
  }
}
