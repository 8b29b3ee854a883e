/**
 * The outside tester: attacks the built site as a hostile backend, a hostile visitor (directly and
 * through deploy/nginx.conf) and a neighbour with write access to Redis, and prints, for each attack,
 * whether the site held and what it measured (scripts/lib/outside-test/). Exits 1 when one did not.
 *   node scripts/outside-test.mjs [backend|visitor|redis …]      ONLY=<regex> runs the attacks it matches
 */
import { spawnSync } from 'node:child_process';
import { withBundled } from './lib/bundled.mjs';
import { root } from './lib/site-process.mjs';
import { staleReason } from './lib/build-freshness.mjs';

if (staleReason(root)) spawnSync(process.execPath, ['build.mjs'], { cwd: root, stdio: 'inherit' });
const failed = await withBundled('outside-test', (module) => module.outsideTest(process.argv.slice(2)));
process.exit(failed ? 1 : 0);
