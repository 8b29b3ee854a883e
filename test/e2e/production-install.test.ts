/**
 * The Docker image cannot be built here (no Docker engine), so this test does what its runtime stage
 * does: copy the built output and the files the Dockerfile copies, install production dependencies
 * only, and start the Dockerfile's own CMD. No dev dependency may be needed at run time.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../helpers/server-process';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');

/** The runtime stage's exec-form CMD, e.g. ["node", "dist/server/index.js"]. */
function dockerCmd(): string[] {
  const line = dockerfile
    .split('\n')
    .reverse()
    .find((l) => l.startsWith('CMD '));
  if (!line) throw new Error('Dockerfile has no CMD');
  return JSON.parse(line.slice(4)) as string[];
}

/** Paths the runtime stage copies from the build context or the build stage. */
function runtimeCopies(): string[] {
  const runtime = dockerfile.slice(dockerfile.lastIndexOf('FROM '));
  return [...runtime.matchAll(/^COPY (?:--from=\w+ )?(.+) \S+$/gm)].flatMap((m) => m[1]!.split(/\s+/).map((p) => p.replace(/^\/app\//, '')));
}

let dir: string;
let server: RunningServer | undefined;
afterAll(async () => {
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the production install of the Dockerfile', () => {
  it('uses an exec-form node CMD, a non-root user, a /healthz HEALTHCHECK and a metrics listener the network can scrape', () => {
    expect(dockerCmd()[0]).toBe('node');
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/HEALTHCHECK[\s\S]*\/healthz/);
    expect(dockerfile).toMatch(/^ENV METRICS_HOST=0\.0\.0\.0$/m);
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
  });

  it('starts from a copy with production dependencies only and answers /healthz and /', async () => {
    dir = mkdtempSync(join(tmpdir(), 'ztu-prod-'));
    for (const path of runtimeCopies()) cpSync(join(root, path), join(dir, path), { recursive: true });
    execFileSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: dir, stdio: 'pipe' });
    const [command, ...args] = dockerCmd();
    expect(command).toBe('node');
    server = await startServer({}, { cwd: dir, nodeArgs: args });
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    expect((await health.json()) as { status: string }).toEqual({ status: 'ok' });
    const details = await fetch(`${server.metricsUrl}/healthz`);
    expect((await details.json()) as { source: string }).toMatchObject({ status: 'ok', source: 'embedded' });
    const home = await fetch(`${server.url}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<html lang="uz"');
  }, 180_000);
});
