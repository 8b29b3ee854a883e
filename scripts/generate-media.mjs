#!/usr/bin/env node
// Generates the demo artwork served from /media/... when the site runs on the
// embedded content (no backend configured).
//
//   node scripts/generate-media.mjs
//
// Every image referenced from content/**/*.json (any string starting with
// "/media/") is written to public/media/... as a small, self-contained SVG:
// no scripts, no external fonts or references, explicit viewBox/width/height.
// Output is deterministic: every drawing is seeded from its file path.
// Only node: built-ins are used.

import { mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CONTENT_DIR = join(ROOT, 'content');
const PUBLIC_DIR = join(ROOT, 'public');

// Images that must exist even if no JSON references them.
const ALWAYS = ['/media/default/news.svg', '/media/default/person.svg', '/media/hero/hero-1.svg', '/media/hero/hero-2.svg'];

// ---------------------------------------------------------------- utilities

function hash(str) {
  // FNV-1a 32-bit
  let h = 0x811c9dc5;
  for (let i = 0; i < str.length; i++) {
    h ^= str.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

function rng(seedText) {
  // mulberry32
  let a = hash(seedText) || 1;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  next.range = (min, max) => min + (max - min) * next();
  next.int = (min, max) => Math.floor(next.range(min, max + 1));
  next.pick = (arr) => arr[Math.floor(next() * arr.length)];
  return next;
}

const n = (v) => String(Math.round(v));
const esc = (s) => String(s).replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]);
const FONT = "font-family=\"'Segoe UI','Helvetica Neue',Arial,sans-serif\"";

// `cover` = true: preserveAspectRatio "slice", so a picture shown in a box of
// another aspect ratio is cropped (like object-fit: cover) instead of
// revealing the drawing's off-canvas parts.
function svgDoc(w, h, label, body, cover = false) {
  const par = cover ? ' preserveAspectRatio="xMidYMid slice"' : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"${par} role="img" aria-label="${esc(label)}">` +
    `<title>${esc(label)}</title>${body}</svg>\n`
  );
}

function linear(id, c1, c2, vertical = false) {
  const dir = vertical ? 'x1="0" y1="0" x2="0" y2="1"' : 'x1="0" y1="0" x2="1" y2="1"';
  return `<linearGradient id="${id}" ${dir}><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient>`;
}

// University palette family: navy/gold base with a few accent sets.
const PALETTES = [
  { a: '#1f3a93', b: '#4a78d0', dark: '#14265e', accent: '#f2b705', light: '#eaf1ff', c: ['#f2b705', '#1aa39a', '#e4572e', '#ffffff'] },
  { a: '#0f5e73', b: '#1aa39a', dark: '#0b3b47', accent: '#ffd166', light: '#e6f7f5', c: ['#ffd166', '#ef476f', '#f4f1de', '#073b4c'] },
  { a: '#3d2c8d', b: '#916bbf', dark: '#231a54', accent: '#ffc857', light: '#f1ecfb', c: ['#ffc857', '#4cc9f0', '#f72585', '#ffffff'] },
  { a: '#7a2e2e', b: '#e4572e', dark: '#45191a', accent: '#ffd23f', light: '#fff1e6', c: ['#ffd23f', '#3bceac', '#0ead69', '#ffffff'] },
  { a: '#1b4332', b: '#40916c', dark: '#081c15', accent: '#f9c74f', light: '#e9f5ee', c: ['#f9c74f', '#f94144', '#90be6d', '#ffffff'] },
  { a: '#14213d', b: '#2b59c3', dark: '#0a1124', accent: '#fca311', light: '#e5e5e5', c: ['#fca311', '#4ecdc4', '#e5e5e5', '#ff6b6b'] },
];
const CATEGORY_PALETTE = { university: 0, international: 1, public: 3 };

// ---------------------------------------------------------- scene drawers
// All scenes draw on a 1200x800 canvas; callers scale/centre them.

const SCENES = {
  campus(r, p) {
    let s = `<circle cx="${n(r.range(780, 1000))}" cy="${n(r.range(140, 230))}" r="90" fill="${p.accent}" opacity=".9"/>`;
    s += `<path d="M0 610Q300 520 600 590T1200 560V800H0Z" fill="${p.dark}" opacity=".35"/>`;
    s += `<defs><pattern id="win" width="40" height="46" patternUnits="userSpaceOnUse"><rect x="12" y="12" width="16" height="22" rx="2" fill="#fff" opacity=".5"/></pattern></defs>`;
    let x = 60;
    for (let i = 0; i < 5; i++) {
      const w = r.range(150, 220),
        h = r.range(200, 380),
        y = 680 - h;
      const fill = i === 2 ? p.a : r.pick([p.dark, p.b, p.a]);
      s += `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${fill}"/><rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="url(#win)"/>`;
      x += w + r.range(10, 40);
    }
    s += `<rect x="0" y="680" width="1200" height="120" fill="${p.dark}"/>`;
    for (let i = 0; i < 6; i++) {
      const tx = r.range(40, 1160);
      s += `<rect x="${n(tx - 5)}" y="650" width="10" height="40" fill="#5b3a1e"/><circle cx="${n(tx)}" cy="635" r="${n(r.range(26, 38))}" fill="${p.c[1]}" opacity=".9"/>`;
    }
    return s;
  },
  lab(r, p) {
    let s = `<rect x="0" y="600" width="1200" height="200" fill="${p.dark}" opacity=".6"/>`;
    const flask = (cx, scale, col) => {
      const k = scale;
      const d = `M${n(cx - 30 * k)} ${n(600 - 300 * k)}h${n(60 * k)}v${n(110 * k)}l${n(90 * k)}${' ' + n(170 * k)}q${n(10 * k)} ${n(20 * k)}-${n(15 * k)} ${n(20 * k)}h-${n(210 * k)}q-${n(25 * k)} 0-${n(15 * k)}-${n(20 * k)}l${n(90 * k)}-${n(170 * k)}z`;
      return `<path d="${d}" fill="#fff" opacity=".92"/><path d="M${n(cx - 80 * k)} ${n(600 - 95 * k)}h${n(160 * k)}l${n(38 * k)} ${n(72 * k)}q${n(8 * k)} ${n(20 * k)}-${n(15 * k)} ${n(20 * k)}h-${n(206 * k)}q-${n(23 * k)} 0-${n(15 * k)}-${n(20 * k)}z" fill="${col}"/>`;
    };
    s += flask(330, 1.1, p.c[0]) + flask(620, 0.8, p.c[1]) + flask(880, 1.25, p.c[2]);
    for (let i = 0; i < 18; i++)
      s += `<circle cx="${n(r.range(200, 1000))}" cy="${n(r.range(80, 420))}" r="${n(r.range(5, 22))}" fill="#fff" opacity="${r.range(0.2, 0.6).toFixed(2)}"/>`;
    const mx = 160,
      my = 170;
    let ring = '';
    for (let i = 0; i < 6; i++) {
      const a = (Math.PI / 3) * i;
      ring += `${i ? 'L' : 'M'}${n(mx + 60 * Math.cos(a))} ${n(my + 60 * Math.sin(a))}`;
    }
    s += `<path d="${ring}Z" fill="none" stroke="${p.accent}" stroke-width="8"/>`;
    return s;
  },
  library(r, p) {
    let s = `<rect x="120" y="80" width="960" height="620" rx="12" fill="${p.dark}" opacity=".55"/>`;
    for (let row = 0; row < 3; row++) {
      const base = 260 + row * 200;
      let x = 150;
      while (x < 1030) {
        const w = r.range(28, 58),
          h = r.range(110, 165);
        if (x + w > 1050) break;
        s += `<rect x="${n(x)}" y="${n(base - h)}" width="${n(w)}" height="${n(h)}" rx="3" fill="${r.pick([...p.c, p.b, p.light])}"/>`;
        x += w + r.range(3, 10);
      }
      s += `<rect x="130" y="${base}" width="940" height="14" fill="${p.accent}"/>`;
    }
    return s;
  },
  sport(r, p) {
    let s = `<rect x="0" y="380" width="1200" height="420" fill="${p.c[1]}" opacity=".35"/>`;
    for (let i = 0; i < 4; i++)
      s += `<ellipse cx="600" cy="560" rx="${520 - i * 55}" ry="${200 - i * 30}" fill="none" stroke="#fff" stroke-width="6" opacity=".8"/>`;
    s += `<circle cx="600" cy="330" r="110" fill="#fff"/><path d="M600 272l55 40-21 64h-68l-21-64z" fill="${p.dark}"/>`;
    s += `<path d="M600 220v52M655 312l48-16M634 376l30 44M566 376l-30 44M545 312l-48-16" stroke="${p.dark}" stroke-width="7"/>`;
    for (let i = 0; i < 3; i++) {
      const x = 200 + i * 400;
      s += `<rect x="${x}" y="120" width="6" height="140" fill="#fff"/><path d="M${x + 6} 120h90l-20 30 20 30h-90z" fill="${p.c[i]}"/>`;
    }
    return s;
  },
  graduation(r, p) {
    let s = '';
    for (let i = 0; i < 30; i++)
      s += `<rect x="${n(r.range(40, 1160))}" y="${n(r.range(30, 760))}" width="14" height="26" fill="${r.pick(p.c)}" transform="rotate(${n(r.range(0, 180))} ${n(r.range(40, 1160))} ${n(r.range(30, 760))})" opacity=".8"/>`;
    s += `<path d="M600 170L950 320 600 470 250 320z" fill="${p.dark}"/><path d="M420 400v140q180 90 360 0V400L600 470z" fill="${p.dark}" opacity=".85"/>`;
    s += `<path d="M600 320L860 380v170" stroke="${p.accent}" stroke-width="10" fill="none"/><circle cx="860" cy="560" r="22" fill="${p.accent}"/>`;
    s += `<rect x="160" y="560" width="300" height="70" rx="35" fill="${p.light}"/><rect x="290" y="552" width="40" height="86" fill="${p.c[2]}"/>`;
    return s;
  },
  it(r, p) {
    let s = '';
    for (let i = 0; i < 12; i++) {
      let x = r.range(40, 1160),
        y = r.range(40, 760);
      let d = `M${n(x)} ${n(y)}`;
      for (let k = 0; k < 3; k++) {
        if (k % 2) y = r.range(40, 760);
        else x = r.range(40, 1160);
        d += `L${n(x)} ${n(y)}`;
      }
      s += `<path d="${d}" fill="none" stroke="${p.light}" stroke-width="4" opacity=".35"/><circle cx="${n(x)}" cy="${n(y)}" r="9" fill="${p.accent}"/>`;
    }
    s += `<rect x="330" y="190" width="540" height="360" rx="18" fill="${p.dark}"/><rect x="355" y="215" width="490" height="300" rx="6" fill="#0b1020"/>`;
    for (let i = 0; i < 8; i++)
      s += `<rect x="${380 + (i % 3) * 30}" y="${240 + i * 33}" width="${n(r.range(120, 360))}" height="14" rx="7" fill="${r.pick(p.c)}" opacity=".85"/>`;
    s += `<rect x="550" y="550" width="100" height="60" fill="${p.dark}"/><rect x="460" y="605" width="280" height="18" rx="9" fill="${p.dark}"/>`;
    return s;
  },
  medical(r, p) {
    let s = `<rect x="480" y="150" width="240" height="520" rx="40" fill="#fff" opacity=".95"/><rect x="340" y="290" width="520" height="240" rx="40" fill="#fff" opacity=".95"/>`;
    s += `<path d="M100 420h300l40-110 60 230 50-170 30 50h520" fill="none" stroke="#e4572e" stroke-width="14" stroke-linejoin="round" stroke-linecap="round"/>`;
    for (let i = 0; i < 5; i++) {
      const x = r.range(80, 1100),
        y = r.range(560, 740),
        a = r.range(-60, 60);
      s += `<g transform="rotate(${n(a)} ${n(x)} ${n(y)})"><rect x="${n(x - 50)}" y="${n(y - 20)}" width="100" height="40" rx="20" fill="${p.accent}"/><rect x="${n(x)}" y="${n(y - 20)}" width="50" height="40" rx="20" fill="${p.c[1]}"/></g>`;
    }
    return s;
  },
  architecture(r, p) {
    let s = `<defs><pattern id="grid" width="40" height="40" patternUnits="userSpaceOnUse"><path d="M40 0H0V40" fill="none" stroke="#fff" stroke-width="1" opacity=".25"/></pattern></defs><rect width="1200" height="800" fill="url(#grid)"/>`;
    s += `<path d="M380 680V330h440v350M440 680V420q160-150 320 0v260" fill="none" stroke="#fff" stroke-width="10"/>`;
    s += `<path d="M350 330L600 170 850 330z" fill="none" stroke="${p.accent}" stroke-width="10"/>`;
    for (let i = 0; i < 4; i++) s += `<rect x="${120 + i * 40}" y="380" width="18" height="300" fill="${p.light}" opacity=".8"/>`;
    s += `<circle cx="960" cy="220" r="110" fill="none" stroke="${p.c[1]}" stroke-width="6" stroke-dasharray="12 10"/><path d="M960 110l-70 260M960 110l70 260" stroke="${p.accent}" stroke-width="8"/>`;
    s += `<rect x="80" y="680" width="1040" height="14" fill="${p.accent}"/>`;
    return s;
  },
  economics(r, p) {
    let s = '';
    for (let i = 1; i < 6; i++) s += `<path d="M140 ${120 * i + 20}H1060" stroke="#fff" stroke-width="2" opacity=".25"/>`;
    let h = r.range(80, 140),
      line = '';
    for (let i = 0; i < 7; i++) {
      const x = 180 + i * 125;
      h += r.range(20, 70);
      s += `<rect x="${x}" y="${n(680 - h)}" width="80" height="${n(h)}" rx="6" fill="${i % 2 ? p.light : p.accent}" opacity=".9"/>`;
      line += `${i ? 'L' : 'M'}${x + 40} ${n(640 - h - 60)}`;
    }
    s += `<path d="${line}" fill="none" stroke="${p.c[2]}" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/>`;
    for (let i = 0; i < 4; i++) s += `<ellipse cx="1050" cy="${660 - i * 24}" rx="70" ry="20" fill="${p.accent}" stroke="${p.dark}" stroke-width="4"/>`;
    return s;
  },
  festival(r, p) {
    let s = `<circle cx="600" cy="300" r="120" fill="${p.accent}"/>`;
    for (let i = 0; i < 16; i++) {
      const a = (Math.PI / 8) * i;
      s += `<path d="M${n(600 + 150 * Math.cos(a))} ${n(300 + 150 * Math.sin(a))}L${n(600 + 210 * Math.cos(a))} ${n(300 + 210 * Math.sin(a))}" stroke="${p.accent}" stroke-width="10" stroke-linecap="round"/>`;
    }
    s += `<path d="M0 90Q600 200 1200 90" fill="none" stroke="#fff" stroke-width="4"/>`;
    for (let i = 0; i < 12; i++) {
      const x = 50 + i * 100,
        y = 90 + 110 * (1 - Math.pow((x - 600) / 600, 2));
      s += `<path d="M${n(x - 30)} ${n(y - 6)}h60l-30 60z" fill="${p.c[i % p.c.length]}"/>`;
    }
    for (let i = 0; i < 7; i++) {
      const x = 120 + i * 160,
        y = r.range(600, 720),
        col = r.pick(p.c);
      s += `<path d="M${x} 800V${n(y)}" stroke="#2d6a4f" stroke-width="8"/><circle cx="${x}" cy="${n(y)}" r="24" fill="none" stroke="${col}" stroke-width="22" stroke-dasharray="19 6"/><circle cx="${x}" cy="${n(y)}" r="12" fill="${p.accent}"/>`;
    }
    return s;
  },
  quiz(r, p) {
    let s = `<circle cx="600" cy="330" r="170" fill="${p.accent}"/><rect x="530" y="480" width="140" height="110" rx="16" fill="${p.light}"/><path d="M545 620h110M560 650h80" stroke="${p.light}" stroke-width="16" stroke-linecap="round"/>`;
    s += `<path d="M600 500V400l-40-40M600 400l40-40" stroke="${p.dark}" stroke-width="10" fill="none" stroke-linecap="round"/>`;
    for (let i = 0; i < 6; i++)
      s += `<text x="${n(r.range(80, 1100))}" y="${n(r.range(120, 760))}" ${FONT} font-size="${n(r.range(70, 150))}" font-weight="700" fill="#fff" opacity=".35">?</text>`;
    return s;
  },
  volunteer(r, p) {
    let s = `<path d="M600 640C360 480 330 330 430 270c80-48 150 0 170 60 20-60 90-108 170-60 100 60 70 210-170 370z" fill="${p.accent}"/>`;
    for (let i = 0; i < 5; i++) {
      const x = 80 + i * 240,
        w = r.range(120, 170),
        h = r.range(110, 150);
      s += `<path d="M${n(x)} 760V${n(760 - h)}l${n(w / 2)}-70 ${n(w / 2)} 70V760z" fill="${r.pick([p.light, p.dark, p.b])}" opacity=".85"/>`;
    }
    s += `<rect x="0" y="760" width="1200" height="40" fill="${p.dark}"/>`;
    return s;
  },
  debate(r, p) {
    let s = `<path d="M150 150h460a40 40 0 0 1 40 40v180a40 40 0 0 1-40 40H320l-90 80v-80h-80a40 40 0 0 1-40-40V190a40 40 0 0 1 40-40z" fill="#fff"/>`;
    s += `<path d="M1050 320H600a40 40 0 0 0-40 40v170a40 40 0 0 0 40 40h290l90 80v-80h70a40 40 0 0 0 40-40V360a40 40 0 0 0-40-40z" fill="${p.accent}"/>`;
    for (let i = 0; i < 3; i++)
      s += `<rect x="180" y="${200 + i * 55}" width="${n(r.range(240, 420))}" height="20" rx="10" fill="${p.a}" opacity=".6"/><rect x="610" y="${370 + i * 55}" width="${n(r.range(220, 400))}" height="20" rx="10" fill="${p.dark}" opacity=".55"/>`;
    return s;
  },
  trees(r, p) {
    let s = `<circle cx="1000" cy="150" r="80" fill="${p.accent}"/><path d="M0 620Q600 540 1200 620V800H0z" fill="#6b4f2a"/>`;
    for (let i = 0; i < 7; i++) {
      const x = 100 + i * 165 + r.range(-20, 20),
        h = r.range(160, 300);
      s += `<rect x="${n(x - 9)}" y="${n(610 - h * 0.3)}" width="18" height="${n(h * 0.3 + 20)}" fill="#5b3a1e"/>`;
      s += `<path d="M${n(x)} ${n(610 - h)}l${n(h * 0.3)} ${n(h * 0.75)}h-${n(h * 0.6)}z" fill="${r.pick(['#2d6a4f', '#40916c', '#52b788', '#1b4332'])}"/>`;
    }
    return s;
  },
  poetry(r, p) {
    let s = `<defs><radialGradient id="glow"><stop offset="0" stop-color="${p.accent}" stop-opacity=".8"/><stop offset="1" stop-color="${p.accent}" stop-opacity="0"/></radialGradient></defs>`;
    for (let i = 0; i < 40; i++) s += `<circle cx="${n(r.range(0, 1200))}" cy="${n(r.range(0, 420))}" r="${n(r.range(1, 4))}" fill="#fff" opacity=".8"/>`;
    s += `<circle cx="950" cy="160" r="80" fill="${p.light}"/><circle cx="985" cy="135" r="72" fill="${p.dark}"/>`;
    s += `<circle cx="330" cy="420" r="220" fill="url(#glow)"/><path d="M330 260v60M280 320h100l-20 60h-60z" stroke="${p.accent}" stroke-width="8" fill="${p.accent}"/>`;
    s += `<path d="M600 520q-150-60-300 0v160q150-60 300 0 150-60 300 0V520q-150-60-300 0zM600 520v160" fill="#fff" stroke="${p.dark}" stroke-width="6"/>`;
    return s;
  },
  theatre(r, p) {
    let s = `<path d="M340 0L700 800H500L420 0z" fill="#fff" opacity=".15"/>`;
    s += `<path d="M0 0h300q-40 400 60 800H0z" fill="#9d1c2b"/><path d="M1200 0H900q40 400-60 800h360z" fill="#9d1c2b"/>`;
    s += `<path d="M0 0h1200v70q-300 50-600 0t-600 0z" fill="${p.dark}"/><rect x="0" y="700" width="1200" height="100" fill="${p.dark}"/>`;
    s += `<circle cx="520" cy="430" r="90" fill="${p.accent}"/><circle cx="680" cy="450" r="90" fill="${p.light}"/>`;
    s += `<path d="M480 470q40 40 80 0M640 500q40-40 80 0" stroke="${p.dark}" stroke-width="8" fill="none" stroke-linecap="round"/>`;
    return s;
  },
  samarkand(r, p) {
    let s = `<circle cx="${n(r.range(150, 300))}" cy="160" r="70" fill="${p.accent}" opacity=".9"/>`;
    s += `<defs><pattern id="tile" width="30" height="30" patternUnits="userSpaceOnUse"><path d="M15 3l12 12-12 12L3 15z" fill="${p.c[1]}" opacity=".55"/></pattern></defs>`;
    s += `<path d="M470 330q130-170 260 0z" fill="${p.c[1]}"/><path d="M600 160v-40" stroke="${p.accent}" stroke-width="8"/>`;
    s += `<rect x="400" y="320" width="400" height="400" fill="${p.light}"/><rect x="400" y="320" width="400" height="400" fill="url(#tile)"/>`;
    s += `<path d="M480 720V470q120-150 240 0v250z" fill="${p.dark}"/>`;
    for (const x of [330, 840]) s += `<rect x="${x}" y="230" width="30" height="490" fill="${p.light}"/><path d="M${x - 8} 230h46l-23-40z" fill="${p.c[1]}"/>`;
    s += `<rect x="0" y="720" width="1200" height="80" fill="${p.dark}"/>`;
    return s;
  },
};

const SLIDE_THEMES = ['campus', 'lab', 'library', 'sport', 'graduation', 'it', 'medical', 'architecture'];
const LIFE_THEMES = ['festival', 'quiz', 'sport', 'volunteer', 'debate', 'trees', 'poetry', 'theatre'];
const FACULTY_THEMES = { 1: 'economics', 2: 'library', 3: 'it', 4: 'medical', 5: 'architecture' };
// Pick a fitting scene from the English news title; fall back to a seeded pick.
const NEWS_KEYWORDS = [
  [/hackathon|hack\b|robot|computer/i, 'it'],
  [/chemistry|laborator|grant/i, 'lab'],
  [/medical|blood|health|simulation/i, 'medical'],
  [/futsal|football|spartakiad|sport|tournament/i, 'sport'],
  [/navruz|concert|festival|independence/i, 'festival'],
  [/charity|veteran|volunteer|donat/i, 'volunteer'],
  [/conference|lecture|seminar|research conference/i, 'debate'],
  [/water|irrigation|tree|green/i, 'trees'],
  [/residence|dormitor|open day/i, 'campus'],
  [/admission|knowledge day|teachers|degree|scholarship/i, 'graduation'],
  [/exam|semester|summer school/i, 'library'],
  [/memorandum|cooperation|partner/i, 'samarkand'],
];
const NEWS_THEMES = ['campus', 'lab', 'library', 'sport', 'graduation', 'it', 'medical', 'architecture', 'economics', 'festival', 'debate', 'trees'];

function monogram(w, h) {
  const size = Math.max(44, Math.round(Math.min(w, h) * 0.075));
  return (
    `<g opacity=".9"><rect x="${w - size * 2.4}" y="${h - size * 1.5}" width="${size * 2}" height="${size}" rx="${size / 5}" fill="#000" opacity=".35"/>` +
    `<text x="${w - size * 1.4}" y="${h - size * 0.82}" ${FONT} font-size="${Math.round(size * 0.48)}" font-weight="700" fill="#fff" text-anchor="middle" letter-spacing="2">ZTU</text></g>`
  );
}

function illustration(path, w, h, theme, paletteIndex, label) {
  const r = rng(path);
  const p = PALETTES[paletteIndex ?? hash(path + '#p') % PALETTES.length];
  const k = Math.min(w / 1200, h / 800);
  const dx = (w - 1200 * k) / 2,
    dy = (h - 800 * k) / 2;
  const bg = `<defs>${linear('bg', p.a, p.b)}</defs><rect width="${w}" height="${h}" fill="url(#bg)"/>`;
  const deco = `<circle cx="${n(r.range(0, w))}" cy="${n(r.range(0, h))}" r="${n(r.range(w * 0.25, w * 0.45))}" fill="#fff" opacity=".06"/>`;
  const scene = `<g transform="translate(${n(dx)} ${n(dy)}) scale(${k.toFixed(4)})">${SCENES[theme](r, p)}</g>`;
  return svgDoc(w, h, label, bg + deco + scene + monogram(w, h), true);
}

function initialsOf(name) {
  const parts = String(name || '')
    .replace(/['ʻʼ`]/g, '')
    .split(/\s+/)
    .filter(Boolean);
  // "Surname Given Patronymic" -> initials of given name + surname
  if (parts.length >= 2) return (parts[1][0] + parts[0][0]).toUpperCase();
  return parts.length ? parts[0].slice(0, 2).toUpperCase() : '';
}

function portrait(path, label, initials, neutral = false) {
  const w = 400,
    h = 500;
  const r = rng(path);
  const p = neutral ? { a: '#c9ced8', b: '#eef1f5', dark: '#8a93a3', accent: '#ffffff' } : PALETTES[hash(path) % PALETTES.length];
  let s = `<defs>${linear('bg', p.a, p.b, true)}</defs><rect width="${w}" height="${h}" fill="url(#bg)"/>`;
  for (let i = 0; i < 3; i++) s += `<circle cx="${n(r.range(0, w))}" cy="${n(r.range(0, h * 0.6))}" r="${n(r.range(40, 120))}" fill="#fff" opacity=".08"/>`;
  const body = neutral ? '#aab2c0' : p.dark;
  s += `<circle cx="200" cy="190" r="82" fill="${body}" opacity=".92"/>`;
  s += `<path d="M50 500c0-120 60-200 150-200s150 80 150 200z" fill="${body}" opacity=".92"/>`;
  if (initials) {
    s += `<text x="200" y="440" ${FONT} font-size="64" font-weight="700" fill="${p.accent}" text-anchor="middle" letter-spacing="4">${esc(initials)}</text>`;
  }
  return svgDoc(w, h, label, s, true);
}

function wrapWords(text, maxChars) {
  const words = String(text).split(/\s+/);
  const lines = [];
  let cur = '';
  for (const word of words) {
    if (cur && (cur + ' ' + word).length > maxChars) {
      lines.push(cur);
      cur = word;
    } else cur = cur ? cur + ' ' + word : word;
  }
  if (cur) lines.push(cur);
  return lines;
}

function partnerLogo(path, name) {
  const w = 300,
    h = 150;
  const r = rng(path);
  const p = PALETTES[hash(path) % PALETTES.length];
  let s = `<rect width="${w}" height="${h}" fill="#fff"/><rect x="1" y="1" width="${w - 2}" height="${h - 2}" rx="10" fill="none" stroke="#e3e7ef" stroke-width="2"/>`;
  const cx = 62,
    cy = 75,
    kind = r.int(0, 3);
  if (kind === 0) {
    let d = '';
    for (let i = 0; i < 6; i++) {
      const a = Math.PI / 6 + (Math.PI / 3) * i;
      d += `${i ? 'L' : 'M'}${n(cx + 38 * Math.cos(a))} ${n(cy + 38 * Math.sin(a))}`;
    }
    s += `<path d="${d}Z" fill="${p.a}"/><circle cx="${cx}" cy="${cy}" r="16" fill="${p.accent}"/>`;
  } else if (kind === 1) {
    s += `<circle cx="${cx}" cy="${cy}" r="38" fill="none" stroke="${p.a}" stroke-width="8"/><circle cx="${cx}" cy="${cy}" r="20" fill="${p.b}"/><circle cx="${cx + 26}" cy="${cy - 26}" r="9" fill="${p.accent}"/>`;
  } else if (kind === 2) {
    s += `<rect x="${cx - 28}" y="${cy - 28}" width="56" height="56" rx="8" fill="${p.a}" transform="rotate(45 ${cx} ${cy})"/><rect x="${cx - 13}" y="${cy - 13}" width="26" height="26" fill="${p.accent}" transform="rotate(45 ${cx} ${cy})"/>`;
  } else {
    s += `<path d="M${cx - 40} ${cy + 32}L${cx} ${cy - 38}l40 70z" fill="${p.a}"/><path d="M${cx - 18} ${cy + 32}L${cx + 6} ${cy - 6}l24 38z" fill="${p.accent}"/>`;
  }
  const lines = wrapWords(name, 17).slice(0, 3);
  const fs = lines.length > 2 ? 16 : 18;
  const lh = fs * 1.2;
  const y0 = cy - ((lines.length - 1) * lh) / 2 + fs * 0.35;
  const maxW = w - 122 - 14;
  lines.forEach((line, i) => {
    const est = line.length * fs * 0.56;
    const fit = est > maxW ? ` textLength="${maxW}" lengthAdjust="spacingAndGlyphs"` : '';
    s += `<text x="122" y="${n(y0 + i * lh)}" ${FONT} font-size="${fs}" font-weight="${i === 0 ? 700 : 600}" fill="${i === 0 ? p.dark : '#3a4254'}"${fit}>${esc(line)}</text>`;
  });
  return svgDoc(w, h, name, s);
}

// 64x64 line icons, fixed dark-blue stroke (an <img> cannot inherit currentColor).
const ICONS = {
  'primary-education':
    '<rect x="8" y="36" width="20" height="20" rx="2"/><rect x="36" y="36" width="20" height="20" rx="2"/><rect x="22" y="10" width="20" height="20" rx="2"/><path d="M27 26l5-12 5 12M29 22h6M18 52V41l-3 3"/><circle cx="46" cy="46" r="5"/>',
  'physical-culture': '<circle cx="32" cy="34" r="20"/><path d="M32 14v8M24 36l8-6 8 6-3 9h-10zM12 30l12 6M52 30l-12 6M27 45l-5 7M37 45l5 7"/>',
  'preschool-education': '<path d="M10 30L32 12l22 18M16 26v28h32V26"/><path d="M32 46c-6-4-9-7-9-10a4.5 4.5 0 0 1 9-1 4.5 4.5 0 0 1 9 1c0 3-3 6-9 10z"/>',
  philology: '<path d="M32 18c-8-5-16-5-24-3v36c8-2 16-2 24 3 8-5 16-5 24-3V15c-8-2-16-2-24 3zM32 18v36M14 24h10M14 31h10M40 24h10M40 31h10"/>',
  economics:
    '<path d="M10 8v46h46"/><rect x="18" y="36" width="8" height="14"/><rect x="32" y="28" width="8" height="22"/><rect x="46" y="18" width="8" height="32"/><path d="M16 28l14-10 8 6 14-12M46 12h6v6"/>',
  psychology:
    '<path d="M22 56v-9c-5-4-8-9-8-16 0-11 8-20 19-20 10 0 18 7 18 17l4 6-4 2v6c0 3-2 5-5 5h-5v9"/><circle cx="33" cy="29" r="7"/><path d="M33 19v3M33 36v3M23 29h3M40 29h3"/>',
  accounting:
    '<rect x="16" y="6" width="32" height="52" rx="4"/><rect x="22" y="12" width="20" height="10" rx="1"/><path d="M24 30h2M31 30h2M38 30h2M24 38h2M31 38h2M38 38h2M24 46h2M31 46h2M38 46h2v6"/>',
  finance:
    '<ellipse cx="24" cy="46" rx="14" ry="5"/><path d="M10 46v6c0 3 6 5 14 5s14-2 14-5v-6M10 40c0 3 6 5 14 5s14-2 14-5M10 40v6M38 40v6"/><ellipse cx="24" cy="40" rx="14" ry="5"/><circle cx="44" cy="20" r="13"/><path d="M48 15c-2-2-8-2-8 1s8 2 8 6-6 4-9 1M44 11v3M44 26v3"/>',
  management:
    '<rect x="24" y="6" width="16" height="12" rx="2"/><rect x="6" y="44" width="16" height="12" rx="2"/><rect x="24" y="44" width="16" height="12" rx="2"/><rect x="42" y="44" width="16" height="12" rx="2"/><path d="M32 18v14M14 44v-12h36v12M32 32v12"/>',
  'computer-science': '<rect x="6" y="10" width="52" height="40" rx="4"/><path d="M24 22l-8 8 8 8M40 22l8 8-8 8M35 18l-6 24M22 56h20"/>',
  'information-systems':
    '<ellipse cx="32" cy="14" rx="20" ry="7"/><path d="M12 14v36c0 4 9 7 20 7s20-3 20-7V14M12 26c0 4 9 7 20 7s20-3 20-7M12 38c0 4 9 7 20 7s20-3 20-7"/>',
  'computer-engineering':
    '<rect x="18" y="18" width="28" height="28" rx="3"/><rect x="26" y="26" width="12" height="12"/><path d="M24 18v-8M32 18v-8M40 18v-8M24 54v-8M32 54v-8M40 54v-8M18 24h-8M18 32h-8M18 40h-8M54 24h-8M54 32h-8M54 40h-8"/>',
  chemistry: '<path d="M24 8h16M27 8v18L13 50c-2 4 0 6 4 6h30c4 0 6-2 4-6L37 26V8M19 42h26"/><circle cx="30" cy="48" r="2"/><circle cx="38" cy="46" r="1.5"/>',
  'general-medicine':
    '<path d="M16 8v14c0 9 6 14 12 14s12-5 12-14V8M28 36v6c0 8 6 12 12 12s10-4 10-10v-4"/><circle cx="50" cy="36" r="5"/><path d="M12 8h8M36 8h8"/>',
  pediatrics:
    '<circle cx="32" cy="36" r="18"/><circle cx="18" cy="18" r="6"/><circle cx="46" cy="18" r="6"/><path d="M26 34h.01M38 34h.01M27 43c3 3 7 3 10 0"/>',
  nursing: '<path d="M32 6l20 8v14c0 14-9 24-20 30-11-6-20-16-20-30V14z"/><path d="M32 20v20M22 30h20"/>',
  architecture: '<path d="M8 22L32 8l24 14zM10 22h44M14 26v24M24 26v24M40 26v24M50 26v24M8 50h48M6 56h52"/>',
  'urban-planning':
    '<path d="M6 56h52M10 56V30h12v26M22 56V16h14v40M36 56V26h10v30"/><path d="M50 56v-8"/><circle cx="50" cy="42" r="6"/><path d="M14 36h4M14 44h4M27 24h4M27 32h4M27 40h4M40 34h2M40 42h2"/>',
  'civil-engineering':
    '<path d="M16 58V10M10 58h30M16 10h40M16 18l8-8M16 26l16-16M50 10v18"/><rect x="44" y="28" width="12" height="10"/><path d="M16 10l-8 6h8"/>',
};

function fieldIcon(path, slug, label) {
  const body = ICONS[slug] || '<circle cx="32" cy="32" r="22"/><path d="M32 20v24M20 32h24"/>';
  return svgDoc(64, 64, label, `<g fill="none" stroke="#1f3a93" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round">${body}</g>`);
}

// ------------------------------------------------------------ content scan

function listJson(dir) {
  const out = [];
  let entries = [];
  try {
    entries = readdirSync(dir);
  } catch {
    return out;
  }
  for (const e of entries) {
    const full = join(dir, e);
    if (statSync(full).isDirectory()) out.push(...listJson(full));
    else if (e.endsWith('.json')) out.push(full);
  }
  return out;
}

// Map of "/media/..." -> the object (context) that referenced it first.
function collectRefs() {
  const refs = new Map();
  const walk = (node, parent) => {
    if (typeof node === 'string') {
      // A demo photo (.jpg) is rendered from its art of the same name (scripts/generate-photos.mjs).
      const art = node.replace(/^(\/media\/.+)\.jpg$/, '$1.svg');
      if (art.startsWith('/media/') && !refs.has(art)) refs.set(art, parent || {});
    } else if (Array.isArray(node)) node.forEach((v) => walk(v, parent));
    else if (node && typeof node === 'object') Object.values(node).forEach((v) => walk(v, node));
  };
  for (const file of listJson(CONTENT_DIR)) walk(JSON.parse(readFileSync(file, 'utf8')), null);
  for (const p of ALWAYS) if (!refs.has(p)) refs.set(p, {});
  return refs;
}

function render(urlPath, ctx) {
  const m = urlPath.match(/^\/media\/([^/]+)\/(.+)\.svg$/);
  if (!m) return null;
  const [, folder, base] = m;
  const num = Number((base.match(/(\d+)$/) || [])[1] || 0);
  const en = ctx.title_en || ctx.name_en || ctx.full_name_en || '';
  switch (folder) {
    case 'news': {
      const pal = CATEGORY_PALETTE[ctx.category];
      const hit = NEWS_KEYWORDS.find(([re]) => re.test(en));
      const theme = hit ? hit[1] : NEWS_THEMES[hash(urlPath) % NEWS_THEMES.length];
      return illustration(urlPath, 1200, 800, theme, pal, en || 'University news');
    }
    case 'home':
      return illustration(
        urlPath,
        1200,
        800,
        SLIDE_THEMES[(num - 1 + SLIDE_THEMES.length) % SLIDE_THEMES.length],
        (num - 1) % PALETTES.length,
        `Campus view ${num}`,
      );
    case 'hero':
      return illustration(urlPath, 1600, 900, num === 2 ? 'campus' : 'samarkand', num === 2 ? 5 : 0, 'Zarafshon University of Technology');
    case 'faculties':
      return illustration(urlPath, 800, 500, FACULTY_THEMES[num] || 'campus', (num - 1) % PALETTES.length, en || `Faculty ${num}`);
    case 'student-life':
      return illustration(
        urlPath,
        800,
        600,
        LIFE_THEMES[(num - 1 + LIFE_THEMES.length) % LIFE_THEMES.length],
        (num + 1) % PALETTES.length,
        en || `Student life ${num}`,
      );
    case 'people': {
      const name = ctx.full_name_en || ctx.name_en || base.replace(/-/g, ' ');
      return portrait(urlPath, name, initialsOf(ctx.full_name_uz || ctx.name_uz || name));
    }
    case 'partners':
      return partnerLogo(urlPath, ctx.name || `Partner ${num}`);
    case 'fields':
      return fieldIcon(urlPath, base, ctx.name_en || base);
    case 'default':
      if (base === 'person') return portrait(urlPath, 'Photo unavailable', '', true);
      return defaultNews();
    default:
      return illustration(urlPath, 1200, 800, 'campus', 0, base);
  }
}

function defaultNews() {
  const w = 1200,
    h = 800;
  let s = `<defs>${linear('bg', '#e9edf3', '#cfd6e2')}</defs><rect width="${w}" height="${h}" fill="url(#bg)"/>`;
  s += `<circle cx="600" cy="370" r="170" fill="#fff" opacity=".75"/><circle cx="600" cy="370" r="150" fill="none" stroke="#1f3a93" stroke-width="8"/>`;
  s += `<circle cx="600" cy="370" r="126" fill="none" stroke="#f2b705" stroke-width="4" stroke-dasharray="6 10"/>`;
  s += `<text x="600" y="400" ${FONT} font-size="92" font-weight="700" fill="#1f3a93" text-anchor="middle" letter-spacing="6">ZTU</text>`;
  s += `<text x="600" y="630" ${FONT} font-size="30" fill="#5b6475" text-anchor="middle" letter-spacing="3">ZARAFSHON UNIVERSITY OF TECHNOLOGY</text>`;
  return svgDoc(w, h, 'Zarafshon University of Technology', s, true);
}

// -------------------------------------------------------------------- main

const refs = collectRefs();
let count = 0,
  bytes = 0,
  largest = 0;
for (const [urlPath, ctx] of refs) {
  const svg = render(urlPath, ctx);
  if (!svg) {
    console.warn(`skip (not an SVG under /media/<folder>/): ${urlPath}`);
    continue;
  }
  const file = join(PUBLIC_DIR, ...urlPath.split('/').filter(Boolean));
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, svg);
  const size = Buffer.byteLength(svg);
  count++;
  bytes += size;
  largest = Math.max(largest, size);
  if (size > 6144) console.warn(`warning: ${urlPath} is ${size} bytes (> 6 KB)`);
}
console.log(`generate-media: wrote ${count} SVG files, ${(bytes / 1024).toFixed(1)} KB total, largest ${(largest / 1024).toFixed(1)} KB`);
