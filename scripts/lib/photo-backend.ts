/**
 * The embedded content as a backend whose every image is a 4000x3000 camera-like JPEG: what
 * `npm run lighthouse` measures the image endpoint against. Bundled and run by scripts/lighthouse.mjs.
 */
import { startEmbeddedBackend, type EmbeddedBackend } from './embedded-backend';
import { cameraLikePhoto } from './photo';

export async function startPhotoBackend(): Promise<EmbeddedBackend> {
  return startEmbeddedBackend(0, await cameraLikePhoto());
}
