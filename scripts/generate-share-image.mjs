/**
 * The default link-preview image (public/media/default/share.png, 1200x630, what Telegram, Facebook
 * and X show for a page without a picture of its own) and a square raster logo
 * (public/media/default/logo.png, 512x512, for structured data and feed readers). Original artwork:
 * the site's monogram (shared/islands/ui/Logo.tsx) and the university's name in its three languages,
 * drawn as SVG and rasterised with resvg (a devDependency; run `node scripts/generate-share-image.mjs`).
 * PNG rather than SVG because most link-preview crawlers do not read SVG images.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';
import { esc } from './lib/svg.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'public', 'media', 'default');

/** The Uzbek name is set on two lines below; these are the other two languages'. */
const NAMES = {
  ru: 'Зарафшанский технологический университет',
  en: 'Zarafshon University of Technology',
};
const FONT = 'DejaVu Sans, Liberation Sans, Noto Sans, Arial, sans-serif';

/** The monogram of Logo.tsx (48x48 units) at `size` pixels, top-left at (x, y). */
function monogram(x, y, size) {
  const k = size / 48;
  return `<g transform="translate(${x} ${y}) scale(${k})">
    <rect width="48" height="48" rx="12" fill="#ffffff"/>
    <path d="M12 14h24l-16 20h16" fill="none" stroke="#1f3a93" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/>
    <circle cx="36" cy="14" r="3" fill="#f39c12"/>
  </g>`;
}

const share = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#1f3a93"/>
      <stop offset="1" stop-color="#142864"/>
    </linearGradient>
  </defs>
  <rect width="1200" height="630" fill="url(#bg)"/>
  <circle cx="1080" cy="80" r="220" fill="none" stroke="#f39c12" stroke-width="28" opacity="0.9"/>
  <circle cx="1080" cy="80" r="150" fill="none" stroke="#ffffff" stroke-width="2" opacity="0.25"/>
  <path d="M0 560 C 300 500, 600 620, 1200 540 L1200 630 L0 630 Z" fill="#ffffff" opacity="0.06"/>
  ${monogram(80, 80, 130)}
  <text font-family="${FONT}" font-size="64" font-weight="700" fill="#ffffff">
    <tspan x="80" y="300">Zarafshon Texnologiya</tspan><tspan x="80" y="375">Universiteti</tspan>
  </text>
  <text x="80" y="448" font-family="${FONT}" font-size="32" fill="#dfe6fb">${esc(NAMES.ru)}</text>
  <text x="80" y="496" font-family="${FONT}" font-size="32" fill="#dfe6fb">${esc(NAMES.en)}</text>
  <rect x="80" y="532" width="120" height="8" rx="4" fill="#f39c12"/>
</svg>`;

const logo = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 48 48">
  <rect width="48" height="48" rx="12" fill="#1f3a93"/>
  <path d="M12 14h24l-16 20h16" fill="none" stroke="#ffffff" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/>
  <circle cx="36" cy="14" r="3" fill="#f39c12"/>
</svg>`;

function render(svg, file) {
  const png = new Resvg(svg, { font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' } }).render().asPng();
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, png);
  console.log(`${file.slice(root.length + 1)}: ${(png.length / 1024).toFixed(1)} KiB`);
}

render(share, join(out, 'share.png'));
render(logo, join(out, 'logo.png'));
