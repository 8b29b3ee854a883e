/**
 * Generates the conference banner of /elonlar (public/media/announcements/conference-2024.svg, 1200×630,
 * the usual social-card shape): an international conference on sustainable regional economic growth,
 * 18 December 2024, Samarkand, in Uzbek with an English line. Original artwork: a rising bar chart with
 * a growth line over a stylised skyline of portals and domes. The page's alt text and caption carry the
 * same words per language (shared/content/announcements.ts); keep the two in step.
 * Run: node scripts/generate-banner.mjs
 */
import { fileURLToPath } from 'node:url';
import { esc, wrap, writeSvg } from './lib/svg.mjs';

const FILE = fileURLToPath(new URL('../public/media/announcements/conference-2024.svg', import.meta.url));
const W = 1200;
const H = 630;
const FONT = "'DejaVu Sans', 'Noto Sans', Arial, sans-serif";

const TEXT = {
  kind: 'XALQARO ILMIY-AMALIY KONFERENSIYA',
  title: "Mintaqaviy iqtisodiyotning barqaror o'sishi: muammolar va yechimlar",
  english: 'International conference · Sustainable regional economic growth',
  date: '18-dekabr, 2024',
  place: 'Samarqand',
  host: 'Zarafshon Texnologiya Universiteti',
};

const parts = [];
parts.push(`<defs>
  <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#142864"/>
    <stop offset="1" stop-color="#1f3a93"/>
  </linearGradient>
  <linearGradient id="bar" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#f39c12"/>
    <stop offset="1" stop-color="#f39c12" stop-opacity="0.35"/>
  </linearGradient>
</defs>`);
parts.push(`<rect width="${W}" height="${H}" fill="url(#bg)"/>`);

// Skyline along the bottom: three portals with pointed arches and domes, in a faint tint.
const skyline = [];
for (const [x, w, h] of [
  [760, 120, 170],
  [900, 170, 230],
  [1090, 110, 160],
]) {
  const top = H - h;
  skyline.push(`<rect x="${x}" y="${top}" width="${w}" height="${h}"/>`);
  skyline.push(`<path d="M${x + w * 0.25} ${H} V${top + h * 0.45} Q${x + w / 2} ${top + h * 0.15} ${x + w * 0.75} ${top + h * 0.45} V${H} Z" fill="#142864"/>`);
  skyline.push(`<path d="M${x + w * 0.2} ${top} Q${x + w / 2} ${top - w * 0.55} ${x + w * 0.8} ${top} Z"/>`);
}
parts.push(`<g fill="#ffffff" fill-opacity="0.08">${skyline.join('')}</g>`);

// Rising bars and a growth line: the conference's theme.
const bars = [90, 130, 120, 175, 215, 260];
const barW = 46;
const base = 560;
const startX = 800;
const points = [];
bars.forEach((h, i) => {
  const x = startX + i * (barW + 18);
  parts.push(`<rect x="${x}" y="${base - h}" width="${barW}" height="${h}" rx="6" fill="url(#bar)"/>`);
  points.push(`${x + barW / 2},${base - h - 28}`);
});
parts.push(`<polyline points="${points.join(' ')}" fill="none" stroke="#ffffff" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>`);
const [lastX, lastY] = points[points.length - 1].split(',').map(Number);
parts.push(`<path d="M${lastX - 14} ${lastY + 2} L${lastX + 6} ${lastY - 12} L${lastX + 2} ${lastY + 12} Z" fill="#ffffff"/>`);
parts.push(
  `<line x1="${startX - 20}" y1="${base}" x2="${startX + bars.length * (barW + 18)}" y2="${base}" stroke="#ffffff" stroke-opacity="0.5" stroke-width="2"/>`,
);

// Text block on the left.
const text = [];
const left = 72;
text.push(`<rect x="${left}" y="70" width="8" height="52" fill="#f39c12"/>`);
text.push(`<text x="${left + 24}" y="106" font-size="24" font-weight="bold" letter-spacing="2" fill="#f39c12">${esc(TEXT.kind)}</text>`);
const titleLines = wrap(TEXT.title, 26);
titleLines.forEach((line, i) => {
  text.push(`<text x="${left}" y="${190 + i * 58}" font-size="48" font-weight="bold" fill="#ffffff">${esc(line)}</text>`);
});
let y = 190 + titleLines.length * 58 + 10;
text.push(`<text x="${left}" y="${y}" font-size="22" fill="#c9d3f2">${esc(TEXT.english)}</text>`);
y += 70;
// Date and place as two pills.
const pill = (x, label, width) => {
  text.push(`<rect x="${x}" y="${y - 34}" width="${width}" height="50" rx="25" fill="#ffffff"/>`);
  text.push(`<text x="${x + width / 2}" y="${y}" text-anchor="middle" font-size="26" font-weight="bold" fill="#142864">${esc(label)}</text>`);
};
pill(left, TEXT.date, 280);
pill(left + 300, TEXT.place, 210);
text.push(`<text x="${left}" y="${H - 48}" font-size="22" fill="#ffffff" fill-opacity="0.85">${esc(TEXT.host)}</text>`);
parts.push(`<g font-family="${FONT}">${text.join('')}</g>`);

writeSvg(FILE, {
  width: W,
  height: H,
  title: `${TEXT.kind}: ${TEXT.title}. ${TEXT.date}, ${TEXT.place}`,
  body: parts.join('\n'),
});
