/**
 * The image endpoint on /metrics: what a sysadmin reads from outside to see images being made, queued
 * and refused, background checks, and the cache directory against its bound.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../helpers/app';
import { startFakeBackend, type FakeBackend } from '../helpers/fake-backend';

let dir: string;
let backend: FakeBackend;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ztu-images-metrics-'));
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#a04020' } })
    .jpeg()
    .toBuffer();
  backend = await startFakeBackend({ '/media/photo.jpg': { body: photo, contentType: 'image/jpeg' } });
});

afterAll(async () => {
  await backend?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** `name{labels} value` lines of the scrape, as a map. */
async function scrape(site: ReturnType<typeof testApp>): Promise<Map<string, number>> {
  const text = await site.locals.metrics.registry.metrics();
  return new Map(
    text
      .split('\n')
      .filter((line) => line.startsWith('site_image_'))
      .map((line) => {
        const at = line.lastIndexOf(' ');
        return [line.slice(0, at), Number(line.slice(at + 1))] as const;
      }),
  );
}

describe('image metrics', () => {
  it('show the queue, the encoder, fallbacks by reason, version checks, and the cache directory against IMAGE_CACHE_MAX_MB', async () => {
    const site = testApp(backend.url, { IMAGE_CACHE_DIR: join(dir, 'cache'), IMAGE_CACHE_MAX_MB: '8' });
    const { urls } = site.locals.images;
    await request(site)
      .get(urls.imageSet(`${backend.url}/media/photo.jpg`, [320]).src)
      .expect(200);
    await request(site)
      .get(urls.imageSet(`${backend.url}/media/missing.jpg`, [320]).src)
      .expect(200);
    await request(site)
      .get(urls.imageSet('https://elsewhere.example/x.jpg', [320]).src)
      .expect(200);

    const metrics = await scrape(site);
    expect(metrics.get('site_image_queue_running')).toBe(0);
    expect(metrics.get('site_image_queue_waiting')).toBe(0);
    expect(metrics.get('site_image_encode_timeouts_total')).toBe(0);
    expect(metrics.get('site_image_encoder_recycled_total')).toBe(0);
    expect(metrics.get('site_image_fallbacks_total{reason="missing"}')).toBe(1);
    expect(metrics.get('site_image_fallbacks_total{reason="not-allowed"}')).toBe(1);
    expect(metrics.get('site_image_fallbacks_total{reason="too-slow"}')).toBe(0);
    expect(metrics.get('site_image_version_checks_running')).toBe(0);
    expect(metrics.get('site_image_version_checks_queued')).toBe(0);
    expect(metrics.get('site_image_version_checks_dropped_total')).toBe(0);
    // The photo's variant; the default image answered for the others is its file, never stored.
    expect(metrics.get('site_image_cache_files')).toBe(1);
    expect(metrics.get('site_image_cache_bytes')).toBe(site.locals.images.disk.stats.bytes);
    expect(metrics.get('site_image_cache_bytes')).toBeGreaterThan(0);
    expect(metrics.get('site_image_cache_max_bytes')).toBe(8 * 1024 * 1024);
    expect(metrics.get('site_image_cache_dir_conflict')).toBe(0);
    expect(metrics.get('site_image_encoder_processes')).toBeGreaterThanOrEqual(1);
    site.locals.images.encoder.close();
    expect((await scrape(site)).get('site_image_encoder_processes')).toBe(0);
  });
});
