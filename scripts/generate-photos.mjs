/**
 * Demo photos: every .jpg under /media/ that the embedded content (content/**\/*.json) names is its
 * SVG art of the same name (scripts/generate-media.mjs draws it) rendered with sharp at 2400 px wide,
 * as a camera-sized JPEG, so that `npm start` on the embedded content exercises the image endpoint's
 * whole path (fetch, resize, AVIF/WebP, srcset) the way editors' photos do. Softened slightly, as a
 * lens would, which also keeps each file a few hundred KB. The same bytes on every run and every
 * machine: no metadata, no randomness, sharp's encoders are deterministic for one libvips
 * (package-lock.json pins it), and the art's <text> is left out of the photo, because librsvg draws
 * glyphs with whatever fonts the machine has (CI installs Debian's fonts with Chromium, in the
 * background, while this runs), so the same SVG came out differently from one machine to the next.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const WIDTH = 2400;

/** Every "/media/….jpg" string in the content's JSON files. */
function photoPaths(dir) {
  const found = new Set();
  const walk = (node) => {
    if (typeof node === 'string') {
      if (/^\/media\/[\w/-]+\.jpg$/.test(node)) found.add(node);
    } else if (node && typeof node === 'object') Object.values(node).forEach(walk);
  };
  const files = (d) => readdirSync(d).flatMap((e) => (statSync(join(d, e)).isDirectory() ? files(join(d, e)) : e.endsWith('.json') ? [join(d, e)] : []));
  for (const file of files(dir)) walk(JSON.parse(readFileSync(file, 'utf8')));
  return [...found].sort();
}

function withoutText(svg) {
  return svg.replace(/<text\b[^>]*>[\s\S]*?<\/text>/g, '');
}

for (const path of photoPaths(join(root, 'content'))) {
  const art = Buffer.from(withoutText(readFileSync(join(root, 'public', path.replace(/\.jpg$/, '.svg')), 'utf8')));
  const { width } = await sharp(art).metadata();
  const photo = await sharp(art, { density: (72 * WIDTH) / width })
    .resize({ width: WIDTH })
    .flatten({ background: '#ffffff' })
    .blur(1.2)
    .jpeg({ quality: 85, mozjpeg: true })
    .toBuffer();
  writeFileSync(join(root, 'public', path), photo);
}
