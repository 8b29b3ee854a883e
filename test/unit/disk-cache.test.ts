import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DiskCache } from '../../server/images/disk-cache';
import { createLogger } from '../../server/logger';

const root = mkdtempSync(join(tmpdir(), 'disk-cache-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const logger = createLogger('silent');
const VERSION = 'AAAAAAAAAAAAAAAA';
const ETAG = 'BBBBBBBBBBBBBBBB';
const webp = (bytes: number) => ({ bytes: Buffer.alloc(bytes, 1), contentType: 'image/webp', ext: 'webp' as const });

describe('the image cache directory bound (IMAGE_CACHE_MAX_MB)', () => {
  it('deletes the files of the variants it evicts, the least recently used first', async () => {
    const dir = join(root, 'evict');
    const disk = new DiskCache(dir, 250, logger);
    await disk.put(`${VERSION}.320.webp`, webp(100), ETAG);
    await disk.put(`${VERSION}.640.webp`, webp(100), ETAG);
    expect(await disk.get(`${VERSION}.320.webp`)).not.toBeNull();
    await disk.put(`${VERSION}.960.webp`, webp(100), ETAG);
    expect(readdirSync(dir).sort()).toEqual([`${VERSION}.320.webp.${ETAG}.webp`, `${VERSION}.960.webp.${ETAG}.webp`]);
    expect(disk.stats).toEqual({ files: 2, bytes: 200 });
  });

  it('never writes a variant larger than the bound, and deletes one it finds on disk', async () => {
    const dir = join(root, 'too-large');
    mkdirSync(dir);
    const disk = new DiskCache(dir, 250, logger);
    await disk.put(`${VERSION}.320.webp`, webp(300), ETAG);
    expect(readdirSync(dir)).toEqual([]);
    writeFileSync(join(dir, `${VERSION}.640.webp.${ETAG}.webp`), Buffer.alloc(300));
    writeFileSync(join(dir, `${VERSION}.og.webp.${ETAG}.webp`), Buffer.alloc(100));
    const restarted = new DiskCache(dir, 250, logger);
    expect(await restarted.get(`${VERSION}.640.webp`)).toBeNull();
    expect(readdirSync(dir)).toEqual([`${VERSION}.og.webp.${ETAG}.webp`]);
    expect(restarted.stats).toEqual({ files: 1, bytes: 100 });
  });
});
