/**
 * A 4000x3000 stand-in for a camera photo: smooth shapes of colour (noise drawn small and enlarged)
 * with fine grain on top, so that it compresses about as a camera JPEG does (a few MB at quality 90),
 * where a flat test image would make every variant a few hundred bytes. Shared by the browser test of
 * image bytes (test/e2e/images.test.ts) and the encode timing of `npm run bench`.
 */
import sharp from 'sharp';

export async function cameraLikePhoto(): Promise<Buffer> {
  const blobs = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#6080a0', noise: { type: 'gaussian', mean: 128, sigma: 70 } } })
    .png()
    .toBuffer();
  const grain = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 12 } } })
    .png()
    .toBuffer();
  return sharp(blobs)
    .resize(4000, 3000, { kernel: 'cubic' })
    .composite([{ input: grain, blend: 'overlay' }])
    .jpeg({ quality: 90 })
    .toBuffer();
}
