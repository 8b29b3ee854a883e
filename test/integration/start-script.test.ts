/**
 * `npm start` never serves a build older than its sources or a development build, and never rebuilds
 * where only dist/ is installed. The rule (scripts/lib/build-freshness.mjs) is checked on small
 * temporary trees with mtimes set explicitly; scripts/start.mjs itself on copies of this project.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { STAMP, stampFor, staleReason } from '../../scripts/lib/build-freshness.mjs';
import { startServer, type RunningServer } from '../helpers/server-process';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
/** Sources were last changed at T; the build started one second later. */
const T = Date.parse('2026-01-01T00:00:00Z');
const BUILT_AT = T + 1000;

const dirs: string[] = [];
let server: RunningServer | undefined;
afterEach(async () => {
  await server?.stop('SIGKILL');
  server = undefined;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ztu-start-'));
  dirs.push(dir);
  return dir;
}

function write(root: string, path: string, text = ''): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

function setMtime(root: string, path: string, ms: number): void {
  utimesSync(join(root, path), new Date(ms), new Date(ms));
}

const SOURCES = ['server/render.tsx', 'client/entry.tsx', 'shared/pages/Home.tsx', 'package-lock.json', 'build.mjs', 'tsconfig.json'];
const FOLDERS = ['server', 'client', 'shared', 'shared/pages'];

/** A project whose sources date from T, with a complete build stamped `mode` at BUILT_AT. */
function project({ sources = true, mode = 'production' }: { sources?: boolean; mode?: 'production' | 'development' } = {}): string {
  const root = tempDir();
  for (const path of sources ? SOURCES : ['package-lock.json']) write(root, path, '// source');
  write(root, 'dist/server/index.js');
  write(root, 'dist/client/manifest.json', '{}');
  write(root, STAMP, stampFor(mode, BUILT_AT));
  // Folders last: writing their files changed their mtimes.
  for (const path of [...SOURCES, ...FOLDERS]) if (sources || path === 'package-lock.json') setMtime(root, path, T);
  return root;
}

describe('the build freshness rule', () => {
  it('trusts a complete production build newer than every source', () => {
    expect(staleReason(project())).toBeNull();
  });

  it.each(['server/render.tsx', 'shared/pages/Home.tsx', 'package-lock.json', 'build.mjs', 'tsconfig.json'])(
    'names %s when it is newer than the build',
    (path) => {
      const root = project();
      setMtime(root, path, BUILT_AT + 1000);
      expect(staleReason(root)).toBe(`the build is older than ${path}`);
    },
  );

  it('sees a deleted source through its folder', () => {
    const root = project();
    rmSync(join(root, 'client/entry.tsx'));
    expect(staleReason(root)).toBe('the build is older than client/');
  });

  it('rebuilds a development build (npm run dev) however new it is', () => {
    expect(staleReason(project({ mode: 'development' }))).toBe('the build is a development build (npm run dev)');
  });

  it('rebuilds a build without a stamp (an interrupted build, or one from before stamps)', () => {
    const root = project();
    rmSync(join(root, STAMP));
    expect(staleReason(root)).toBe('the build has no stamp (dist/build.json)');
    writeFileSync(join(root, STAMP), 'not json');
    expect(staleReason(root)).toBe('the build has no stamp (dist/build.json)');
  });

  it('builds when dist/ is missing or incomplete', () => {
    const root = project();
    rmSync(join(root, 'dist/client/manifest.json'));
    expect(staleReason(root)).toBe('no build found');
    rmSync(join(root, 'dist'), { recursive: true });
    expect(staleReason(root)).toBe('no build found');
  });

  it('trusts dist/ where no sources are installed (the production image), whatever the dates', () => {
    const root = project({ sources: false, mode: 'development' });
    setMtime(root, 'package-lock.json', BUILT_AT + 1000);
    expect(staleReason(root)).toBeNull();
  });
});

describe('npm start (scripts/start.mjs)', () => {
  /** A copy of this project (its current build included) with node_modules linked, not copied. */
  function copyOfProject(paths: string[]): string {
    const root = tempDir();
    for (const path of paths) cpSync(join(projectRoot, path), join(root, path), { recursive: true });
    symlinkSync(realpathSync(join(projectRoot, 'node_modules')), join(root, 'node_modules'), 'dir');
    return root;
  }
  const RUNTIME = ['package.json', 'package-lock.json', 'dist', 'content', 'public', 'scripts'];

  it('rebuilds a development build before serving, and says so in one line', async () => {
    const root = copyOfProject([...RUNTIME, 'server', 'client', 'shared', 'build.mjs', 'tsconfig.json']);
    writeFileSync(join(root, STAMP), stampFor('development', Date.now()));
    server = await startServer({ BACKEND_URL: '' }, { cwd: root, nodeArgs: ['scripts/start.mjs'], startTimeoutMs: 100_000 });
    expect(server.output()).toContain('the build is a development build (npm run dev): rebuilding');
    expect(JSON.parse(readFileSync(join(root, STAMP), 'utf8'))).toMatchObject({ mode: 'production' });
    expect((await fetch(`${server.url}/`)).status).toBe(200);
  }, 120_000);

  it('serves an installed dist/ without sources as it is', async () => {
    const root = copyOfProject(RUNTIME);
    writeFileSync(join(root, STAMP), stampFor('production', 0));
    server = await startServer({ BACKEND_URL: '' }, { cwd: root, nodeArgs: ['scripts/start.mjs'], startTimeoutMs: 50_000 });
    expect(server.output()).not.toContain('rebuilding');
    expect((await fetch(`${server.url}/`)).status).toBe(200);
  }, 60_000);
});
