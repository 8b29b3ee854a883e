/**
 * The image endpoint: one place that builds its parts from the configuration. Pages get
 * their URLs from `urls.imageSet(source, widths?)`, rich text its images from `richText.rewrite(html)`;
 * the router answers them.
 */
import type { Router } from 'express';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config';
import type { Logger } from '../logger';
import type { Stopping } from '../stopping';
import { PLACES } from '../../shared/pictures';
import { PUBLIC_DIR } from '../paths';
import { claimCacheDir } from './cache-dir';
import { DiskCache } from './disk-cache';
import { Encoder } from './encoder';
import { imageRouter } from './endpoint';
import { Signer } from './signing';
import { Sources } from './sources';
import { ImageUrls } from './urls';
import { RichTextImages } from './rich-text';
import type { Variant } from './disk-cache';
import { DEFAULT_IMAGE, DEFAULT_SHARE_IMAGE, ImageVariants } from './variants';
import { contentVersion, Versions, type SharedFacts } from './versions';

/** How often a known source is asked (a conditional GET) whether it changed, when pages use it. */
const CHECK_SOURCES_EVERY_MS = 10 * 60 * 1000;
/** Sources whose version is kept: far more than the site shows, a few MB at most. */
const MAX_VERSIONS = 20_000;

export interface Images {
  router: Router;
  urls: ImageUrls;
  /** Rich text's images through the endpoint (rich-text.ts). */
  richText: RichTextImages;
  variants: ImageVariants;
  versions: Versions;
  disk: DiskCache;
  encoder: Encoder;
  /** IMAGE_CACHE_DIR was held by another live process: this one uses a private directory (cache-dir.ts). */
  cacheDirConflict: boolean;
}

export interface ImageDeps {
  logger: Logger;
  now: () => number;
  /** A source the server knew changed: pages stored with its old URLs must be made again. */
  onSourceChanged: () => void;
  /** A source was seen for the first time: pages stored with its unversioned URLs may be made again. */
  onSourceLearnt: () => void;
  /** With Redis: what the replicas learnt of sources, shared (server/shared-cache/image-facts.ts). */
  shared?: SharedFacts;
  /** Cuts a variant's wait short once the process stops (server/stopping.ts). */
  stopping: Stopping;
}

export function createImages(config: Config, { logger, now, onSourceChanged, onSourceLearnt, shared, stopping }: ImageDeps): Images {
  if (!config.imageSigningKey && config.production && config.backendUrl) {
    logger.warn('IMAGE_SIGNING_KEY is unset: image URLs are signed with a random key, so they change on every restart and differ between replicas');
  }
  const signer = new Signer(config.imageSigningKey);
  const origins = [...(config.backendUrl ? [new URL(config.backendUrl).origin] : []), ...config.mediaOrigins];
  const sources = new Sources({ origins, publicDir: PUBLIC_DIR, timeoutMs: config.backendTimeoutMs });
  const versions = new Versions({
    sources,
    shared,
    now,
    checkEveryMs: CHECK_SOURCES_EVERY_MS,
    maxEntries: MAX_VERSIONS,
    onChange: onSourceChanged,
    onLearn: onSourceLearnt,
  });
  const claimed = claimCacheDir(config.imageCacheDir, logger);
  const disk = new DiskCache(claimed.dir, config.imageCacheMaxBytes, logger);
  const encoder = new Encoder({ timeoutMs: config.imageEncodeTimeoutMs, maxPrivateBytes: config.imageEncoderMaxBytes });
  const defaults = { image: publicFile(DEFAULT_IMAGE, 'image/svg+xml'), share: publicFile(DEFAULT_SHARE_IMAGE, 'image/png') };
  const variants = new ImageVariants({
    sources,
    versions,
    disk,
    encoder,
    logger,
    now,
    waitMs: config.imageWaitMs,
    stopping,
    encodesAtOnce: config.imageEncoders,
    defaults,
  });
  const urls = new ImageUrls(signer, versions);
  const richText = new RichTextImages({ urls, versions, allowed: (source) => sources.allowed(source), place: PLACES.richText });
  return { router: imageRouter(signer, variants), urls, richText, variants, versions, disk, encoder, cacheDirConflict: claimed.conflict };
}

/** A file of public/ as an answer: read at start, so that a missing one stops the server there. */
function publicFile(path: string, contentType: string): Variant {
  const body = readFileSync(join(PUBLIC_DIR, path));
  return { body, etag: `"${contentVersion(body)}"`, contentType };
}
