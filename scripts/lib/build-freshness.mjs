/**
 * Whether dist/ may be served as the production build of the sources beside it. build.mjs writes
 * dist/build.json ({ mode, builtAt }) once a build is complete; `npm start` rebuilds when this module
 * gives a reason, so it never serves a build older than the sources or one made by `npm run dev`.
 */
import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const STAMP = join('dist', 'build.json');
/** What the build reads: source folders (walked) and single files. */
const SOURCE_DIRS = ['server', 'client', 'shared'];
const SOURCE_FILES = ['package-lock.json', 'build.mjs', 'tsconfig.json'];
const OUTPUTS = [join('dist', 'server', 'index.js'), join('dist', 'client', 'manifest.json')];

/** The stamp build.mjs writes; `builtAt` is when the build started reading the sources. */
export function stampFor(mode, builtAt) {
  return JSON.stringify({ mode, builtAt }) + '\n';
}

/**
 * The newest entry under `dir` as [relative path, mtimeMs]. Folders count too: deleting or renaming a
 * file changes only its folder's mtime.
 */
function newestUnder(root, dir) {
  let newest = [dir + '/', lstatSync(join(root, dir)).mtimeMs];
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    const found = entry.isDirectory() ? newestUnder(root, path) : [path, lstatSync(join(root, path)).mtimeMs];
    if (found[1] > newest[1]) newest = found;
  }
  return newest;
}

function readStamp(root) {
  try {
    const stamp = JSON.parse(readFileSync(join(root, STAMP), 'utf8'));
    return typeof stamp?.mode === 'string' && Number.isFinite(stamp.builtAt) ? stamp : null;
  } catch {
    return null;
  }
}

/** Null when dist/ under `root` can be served as it is, else one line saying why it must be rebuilt. */
export function staleReason(root) {
  if (OUTPUTS.some((file) => !existsSync(join(root, file)))) return 'no build found';
  const dirs = SOURCE_DIRS.filter((dir) => existsSync(join(root, dir)));
  // A production image or install holds dist/ without the sources: there is nothing to be older than.
  if (dirs.length === 0) return null;
  const stamp = readStamp(root);
  if (!stamp) return `the build has no stamp (${STAMP})`;
  if (stamp.mode !== 'production') return `the build is a ${stamp.mode} build (npm run dev)`;
  const entries = [
    ...dirs.map((dir) => newestUnder(root, dir)),
    ...SOURCE_FILES.filter((file) => existsSync(join(root, file))).map((file) => [file, lstatSync(join(root, file)).mtimeMs]),
  ];
  const newest = entries.reduce((a, b) => (b[1] > a[1] ? b : a));
  return newest[1] > stamp.builtAt ? `the build is older than ${newest[0]}` : null;
}
