/**
 * One image cache directory, one process (server/images/cache-dir.ts), with the built server as real
 * processes: a second live process given the same IMAGE_CACHE_DIR does not share it (it logs an error
 * naming the variable and keeps its variants in a private directory, removed when it stops), and a
 * process started after the holder was killed takes the directory over, finding its variants there.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Signer } from '../../server/images/signing';
import { contentVersion } from '../../server/images/versions';
import { imagePath } from '../../server/images/urls';
import { startFakeBackend, type FakeBackend } from '../helpers/fake-backend';
import { startServer, type RunningServer } from '../helpers/server-process';

const KEY = 'k'.repeat(32);
const signer = new Signer(KEY);

let dir: string;
let backend: FakeBackend;
let photo: Buffer;
const servers: RunningServer[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ztu-images-dir-'));
  photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#208040' } })
    .jpeg()
    .toBuffer();
  backend = await startFakeBackend({ '/media/photo.jpg': { body: photo, contentType: 'image/jpeg' } });
});

afterAll(async () => {
  // One killed by a signal has no exit code: stop() would wait for an exit that already happened.
  for (const server of servers) if (server.process.exitCode === null && server.process.signalCode === null) await server.stop('SIGKILL');
  await backend?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function start(cacheDir: string): Promise<RunningServer> {
  const server = await startServer({ BACKEND_URL: backend.url, IMAGE_CACHE_DIR: cacheDir, IMAGE_SIGNING_KEY: KEY, LOG_LEVEL: 'info' });
  servers.push(server);
  return server;
}

/** The variant's URL as pages get it once the source is known (its version is a hash of its bytes). */
function variantUrl(server: RunningServer, width: number, versioned: boolean): string {
  const version = versioned ? contentVersion(photo) : null;
  return `${server.url}${imagePath(signer, { width, version, source: `${backend.url}/media/photo.jpg` })}`;
}

/** The process's log, one JSON object a line (pino). */
function logLines(server: RunningServer): Array<{ level: number; msg: string; dir?: string }> {
  return server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => ({ msg: '', ...(JSON.parse(line) as { level: number; msg?: string; dir?: string }) }));
}

const owner = (cacheDir: string) => Number(readFileSync(join(cacheDir, '.owner'), 'utf8').trim());
/** The photo's variants on disk (named by its version): the directory holds its lock file too. */
const variants = (cacheDir: string) => readdirSync(cacheDir).filter((name) => name.startsWith(`${contentVersion(photo)}.`));

describe('IMAGE_CACHE_DIR', () => {
  it('belongs to one live process: a second one goes private and says so; after the holder is killed, the next takes it over', async () => {
    const cache = join(dir, 'shared');
    const one = await start(cache);
    expect(owner(cache)).toBe(one.process.pid);
    expect((await fetch(variantUrl(one, 320, false))).status).toBe(200);
    expect(variants(cache)).toHaveLength(1);

    const two = await start(cache);
    const warning = logLines(two).find((line) => line.msg.includes('IMAGE_CACHE_DIR'));
    expect(warning?.msg).toContain(`IMAGE_CACHE_DIR ${cache} is in use by process ${one.process.pid}`);
    expect(warning?.level).toBe(50);
    const res = await fetch(variantUrl(two, 480, false));
    expect(res.status).toBe(200);
    // Two's variant went to its own directory: the shared one still holds one's alone, and one's lock.
    expect(variants(cache)).toHaveLength(1);
    expect(owner(cache)).toBe(one.process.pid);
    const privateDir = logLines(two).find((line) => line.msg.startsWith('image cache: a private directory'))?.dir;
    expect(privateDir).toMatch(/ztu-site-images-/);
    expect(variants(privateDir!)).toHaveLength(1);
    // Its private directory goes when it stops.
    expect(await two.stop('SIGTERM')).toBe(0);
    expect(existsSync(privateDir!)).toBe(false);

    // The holder dies without a word: its lock names a process that is gone, and is taken over.
    await one.stop('SIGKILL');
    const three = await start(cache);
    expect(owner(cache)).toBe(three.process.pid);
    expect(logLines(three).filter((line) => line.level >= 50)).toEqual([]);
    const calls = backend.calls('/media/photo.jpg');
    const again = await fetch(variantUrl(three, 320, true));
    expect(again.status).toBe(200);
    expect(again.headers.get('cache-control')).toContain('immutable');
    // Found on disk: not fetched again.
    expect(backend.calls('/media/photo.jpg')).toBe(calls);
  }, 300_000);
});
