/**
 * The image endpoint on /metrics (server/metrics.ts serves them): what a sysadmin needs to see from
 * outside when images are slow or missing. All read at scrape time from the parts' own figures.
 */
import { Counter, type Registry } from 'prom-client';
import { residentBytes } from '../alert-metrics';
import { gauge, mirrored } from '../metrics';
import type { Images } from '.';
import { FALLBACK_REASONS } from './refused';

export function registerImageMetrics(registry: Registry, { variants, versions, disk, encoder, cacheDirConflict }: Images): void {
  gauge(registry, 'site_image_queue_running', 'Image variants being made now (at most IMAGE_ENCODERS)', () => variants.queue.stats.running);
  gauge(registry, 'site_image_queue_waiting', 'Image variants waiting for a slot (past 16, requests get the default image)', () => variants.queue.stats.queued);
  gauge(registry, 'site_image_encoder_processes', 'Encoder child processes alive (they exit when idle)', () => encoder.pids.length);
  // A container's limit counts them with the server: the memory alert adds them to the server's own.
  gauge(registry, 'site_image_encoders_resident_memory_bytes', 'Resident memory of the encoder child processes alive now, summed', () =>
    encoder.pids.reduce((sum, pid) => sum + residentBytes(pid), 0),
  );
  mirrored(registry, 'site_image_encode_timeouts_total', 'Encodes stopped at IMAGE_ENCODE_TIMEOUT_S (their process killed)', () => encoder.stats.timeouts);
  mirrored(registry, 'site_image_encode_memory_kills_total', 'Encodes stopped at IMAGE_ENCODER_MAX_MB (their process killed)', () => encoder.stats.memoryKills);
  mirrored(
    registry,
    'site_image_encoder_recycled_total',
    'Encoder processes replaced because they held more than 128 MB after a job',
    () => encoder.stats.recycledForMemory,
  );
  new Counter({
    name: 'site_image_fallbacks_total',
    help: 'Default images answered in place of a source, by reason (the X-Image-Fallback value); details are in the log',
    labelNames: ['reason'],
    registers: [registry],
    collect() {
      this.reset();
      for (const reason of FALLBACK_REASONS) this.inc({ reason }, variants.fallbacks[reason]);
    },
  });
  gauge(registry, 'site_image_version_checks_running', 'Background checks of image sources downloading now', () => versions.checkStats.running);
  gauge(registry, 'site_image_version_checks_queued', 'Background checks of image sources waiting', () => versions.checkStats.queued);
  mirrored(
    registry,
    'site_image_version_checks_dropped_total',
    'Background checks dropped: their queue was full (asked again later)',
    () => versions.checkStats.dropped,
  );
  gauge(registry, 'site_image_cache_bytes', 'Bytes of encoded variants in the image cache directory', () => disk.stats.bytes);
  gauge(registry, 'site_image_cache_max_bytes', 'The image cache directory bound (IMAGE_CACHE_MAX_MB)', () => disk.maxBytes);
  gauge(registry, 'site_image_cache_files', 'Encoded variants in the image cache directory', () => disk.stats.files);
  gauge(registry, 'site_image_cache_dir_conflict', '1 when IMAGE_CACHE_DIR was held by another live process and this one went private', () =>
    cacheDirConflict ? 1 : 0,
  );
}
