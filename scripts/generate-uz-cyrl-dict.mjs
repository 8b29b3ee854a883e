/**
 * Generates shared/i18n/uz-cyrl.ts, the Cyrillic interface dictionary, from the Latin one by the
 * transliterator, and shared/i18n/uz-cyrl.source.json, the Latin text each entry was made from (the
 * test that keeps the two in step reads it). Formatted by the project's Prettier settings, so the bytes
 * are the same on every run. Run: node scripts/generate-uz-cyrl-dict.mjs
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as prettier from 'prettier';
import { withBundled } from './lib/bundled.mjs';
import { root } from './lib/site-process.mjs';

const DICT = join(root, 'shared/i18n/uz-cyrl.ts');
const RECORD = join(root, 'shared/i18n/uz-cyrl.source.json');

await withBundled('uz-cyrl-dict', async ({ renderUzCyrl }) => {
  const { source, record } = renderUzCyrl();
  const options = { ...(await prettier.resolveConfig(DICT)), filepath: DICT };
  writeFileSync(DICT, await prettier.format(source, options));
  writeFileSync(RECORD, await prettier.format(JSON.stringify(record), { ...options, filepath: RECORD }));
});
