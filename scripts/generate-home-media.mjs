/**
 * Original artwork of the home page's video facade: public/media/home/video-poster.svg, the thumbnail
 * shown in place of the YouTube player until a visitor asks for the video (a lecture hall seen from
 * the back rows, drawn as flat shapes). The play button is the page's own markup, not part of the image.
 * Run: node scripts/generate-home-media.mjs (deterministic: the same file every time).
 */
import { fileURLToPath } from 'node:url';
import { writeSvg } from './lib/svg.mjs';

const OUT = fileURLToPath(new URL('../public/media/home/video-poster.svg', import.meta.url));
const W = 1280;
const H = 720;

/** Rows of seats: heads of an audience, darker and larger towards the viewer. */
function audience() {
  let out = '';
  for (let row = 0; row < 4; row++) {
    const y = 520 + row * 52;
    const r = 20 + row * 4;
    const step = 74 + row * 10;
    const shade = ['#3b4f8f', '#2f4180', '#243470', '#1a275c'][row];
    for (let x = (row % 2) * (step / 2) + 30; x < W; x += step) {
      out += `<circle cx="${x}" cy="${y}" r="${r}" fill="${shade}"/>`;
      out += `<rect x="${x - r - 8}" y="${y + r - 6}" width="${2 * r + 16}" height="${60}" rx="${r}" fill="${shade}"/>`;
    }
  }
  return out;
}

const body = `
<defs>
  <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#142864"/><stop offset="1" stop-color="#1f3a93"/>
  </linearGradient>
  <linearGradient id="screen" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#e9eefb"/><stop offset="1" stop-color="#cfe0fb"/>
  </linearGradient>
</defs>
<rect width="${W}" height="${H}" fill="url(#wall)"/>
<rect x="300" y="70" width="680" height="380" rx="10" fill="url(#screen)"/>
<rect x="340" y="110" width="260" height="26" rx="6" fill="#1f3a93"/>
<rect x="340" y="156" width="420" height="14" rx="7" fill="#9aa3b5"/>
<rect x="340" y="184" width="380" height="14" rx="7" fill="#9aa3b5"/>
<path d="M360 400 L470 300 L560 350 L660 250 L760 320 L860 230 L940 260" fill="none" stroke="#f39c12" stroke-width="10" stroke-linejoin="round"/>
<circle cx="860" cy="230" r="14" fill="#f39c12"/>
<rect x="1040" y="300" width="120" height="150" rx="8" fill="#2f4180"/>
<circle cx="1100" cy="250" r="34" fill="#d9a47c"/>
<rect x="1068" y="284" width="64" height="96" rx="24" fill="#f39c12"/>
${audience()}
`;

writeSvg(OUT, { width: W, height: H, title: 'Zarafshon University of Technology — lecture hall', body });
