/**
 * Generates the two organisational charts of /tashkiliytuzilmasi (public/media/structure/structure-1.svg
 * and structure-2.svg): boxes joined by elbow lines, labels in Uzbek. Chart 1 is the governance (council,
 * rector, vice-rectors and their units), chart 2 the academic side (faculties and their departments).
 * The content is original. Run: node scripts/generate-structure.mjs
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { esc, wrap, writeSvg } from './lib/svg.mjs';

const OUT = fileURLToPath(new URL('../public/media/structure/', import.meta.url));
const W = 1200;
const FONT = "'DejaVu Sans', 'Noto Sans', Arial, sans-serif";

const STYLES = {
  top: { fill: '#1f3a93', stroke: '#142864', color: '#ffffff', size: 17, weight: 'bold' },
  lead: { fill: '#e9eefb', stroke: '#1f3a93', color: '#142864', size: 14, weight: 'bold' },
  unit: { fill: '#ffffff', stroke: '#8c97b8', color: '#1b1f2a', size: 13, weight: 'normal' },
  side: { fill: '#fff6e6', stroke: '#f39c12', color: '#7a4300', size: 13, weight: 'bold' },
};

/** A box with its label wrapped and centred; returns the box geometry for the connectors. */
function box(parts, { x, y, w, h, label, style }) {
  const s = STYLES[style];
  const lines = wrap(label, Math.floor(w / (s.size * 0.6)));
  const lineHeight = s.size + 4;
  const first = y + h / 2 - ((lines.length - 1) * lineHeight) / 2 + s.size * 0.35;
  parts.push(`<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="8" fill="${s.fill}" stroke="${s.stroke}" stroke-width="1.5"/>`);
  parts.push(
    `<text x="${x + w / 2}" text-anchor="middle" font-size="${s.size}"${s.weight === 'bold' ? ' font-weight="bold"' : ''} fill="${s.color}">` +
      lines.map((line, i) => `<tspan x="${x + w / 2}" y="${first + i * lineHeight}">${esc(line)}</tspan>`).join('') +
      '</text>',
  );
  return { x, y, w, h, cx: x + w / 2, bottom: y + h, midY: y + h / 2 };
}

/** Parent-to-children lines: down from the parent, along a bus, down into each child. */
function tree(parts, parent, children, { dashed = false } = {}) {
  const busY = (parent.bottom + Math.min(...children.map((c) => c.y))) / 2;
  const dash = dashed ? ' stroke-dasharray="6 5"' : '';
  const xs = children.map((c) => c.cx);
  parts.push(`<path d="M${parent.cx} ${parent.bottom}V${busY}" stroke="#4f5668" stroke-width="1.5" fill="none"${dash}/>`);
  parts.push(`<path d="M${Math.min(parent.cx, ...xs)} ${busY}H${Math.max(parent.cx, ...xs)}" stroke="#4f5668" stroke-width="1.5" fill="none"${dash}/>`);
  for (const c of children) parts.push(`<path d="M${c.cx} ${busY}V${c.y}" stroke="#4f5668" stroke-width="1.5" fill="none"${dash}/>`);
}

/** Units stacked under a column head, joined by a spine on their left. */
function column(parts, head, labels, { top, w, h, gap, style = 'unit' }) {
  const x = head.x + 28;
  const spineX = head.x + 12;
  let y = top;
  let last = head.bottom;
  for (const label of labels) {
    const unit = box(parts, { x, y, w: w - 28, h, label, style });
    parts.push(`<path d="M${spineX} ${unit.midY}H${x}" stroke="#4f5668" stroke-width="1.5" fill="none"/>`);
    last = unit.midY;
    y += h + gap;
  }
  parts.push(`<path d="M${spineX} ${head.bottom}V${last}" stroke="#4f5668" stroke-width="1.5" fill="none"/>`);
}

function link(parts, a, b, dashed) {
  parts.push(`<path d="M${a.x + a.w} ${a.midY}H${b.x}" stroke="#4f5668" stroke-width="1.5" fill="none"${dashed ? ' stroke-dasharray="6 5"' : ''}/>`);
}

function heading(parts, label) {
  parts.push(`<text x="${W / 2}" y="44" text-anchor="middle" font-size="24" font-weight="bold" fill="#142864">${esc(label)}</text>`);
}

function frame(parts, height) {
  return `<g font-family="${esc(FONT)}">\n<rect width="${W}" height="${height}" fill="#f5f7fc"/>\n${parts.join('\n')}\n</g>`;
}

function governance() {
  const H = 780;
  const parts = [];
  heading(parts, 'Zarafshon Texnologiya Universiteti tashkiliy tuzilmasi');
  const council = box(parts, { x: 470, y: 76, w: 260, h: 56, label: 'Kuzatuv kengashi', style: 'top' });
  const rector = box(parts, { x: 490, y: 176, w: 220, h: 56, label: 'Rektor', style: 'top' });
  parts.push(`<path d="M${council.cx} ${council.bottom}V${rector.y}" stroke="#4f5668" stroke-width="1.5"/>`);
  const academicCouncil = box(parts, { x: 150, y: 176, w: 240, h: 56, label: 'Ilmiy kengash', style: 'side' });
  link(parts, academicCouncil, rector, true);
  const office = box(parts, { x: 810, y: 176, w: 240, h: 56, label: 'Kadrlar boʻlimi va devonxona', style: 'side' });
  link(parts, rector, office, false);

  const columns = [
    ['Oʻquv ishlari boʻyicha prorektor', ['Oʻquv-uslubiy boshqarma', 'Fakultetlar va kafedralar', 'Registrator ofisi', 'Magistratura boʻlimi']],
    [
      'Ilmiy ishlar va innovatsiyalar boʻyicha prorektor',
      ['Ilmiy-tadqiqot boʻlimi', 'Innovatsiya markazi', 'Axborot-resurs markazi', 'Xalqaro hamkorlik boʻlimi'],
    ],
    ['Yoshlar bilan ishlash boʻyicha prorektor', ['Maʼnaviyat va maʼrifat boʻlimi', 'Talabalar turar joyi', 'Psixologik xizmat', 'Sport klubi']],
    ['Moliya-iqtisod ishlari boʻyicha prorektor', ['Buxgalteriya', 'Rejalashtirish va moliya boʻlimi', 'Xoʻjalik boʻlimi', 'Qabul va marketing boʻlimi']],
  ];
  const width = 250;
  const gap = (W - 60 - columns.length * width) / (columns.length - 1);
  const heads = columns.map(([label], i) => box(parts, { x: 30 + i * (width + gap), y: 300, w: width, h: 72, label, style: 'lead' }));
  tree(parts, rector, heads);
  heads.forEach((head, i) => column(parts, head, columns[i][1], { top: 400, w: width, h: 52, gap: 34 }));
  return { H, body: frame(parts, H) };
}

function academic() {
  const H = 860;
  const parts = [];
  heading(parts, 'Oʻquv va ilmiy boʻlinmalar');
  const vice = box(parts, { x: 430, y: 76, w: 340, h: 60, label: 'Oʻquv ishlari boʻyicha prorektor', style: 'top' });
  // The faculties and departments of the embedded content (content/api/faculties.json).
  const faculties = [
    ['Iqtisodiyot fakulteti', ['Iqtisodiyot kafedrasi', 'Moliya va buxgalteriya hisobi kafedrasi', 'Menejment va marketing kafedrasi']],
    [
      'Pedagogika va filologiya fakulteti',
      ['Boshlangʻich taʼlim kafedrasi', 'Oʻzbek tili va adabiyoti kafedrasi', 'Xorijiy tillar kafedrasi', 'Jismoniy madaniyat kafedrasi'],
    ],
    [
      'Innovatsion texnologiyalar fakulteti',
      ['Kompyuter injiniringi kafedrasi', 'Dasturiy injiniring va axborot tizimlari kafedrasi', 'Kimyo kafedrasi', 'Oliy matematika va fizika kafedrasi'],
    ],
    [
      'Tibbiyot fanlari fakulteti',
      [
        'Anatomiya va normal fiziologiya kafedrasi',
        'Ichki kasalliklar kafedrasi',
        'Hamshiralik ishi kafedrasi',
        'Farmakologiya va klinik farmatsiya kafedrasi',
      ],
    ],
    ['Arxitektura va qurilish fakulteti', ['Arxitektura kafedrasi', 'Shaharsozlik va dizayn kafedrasi', 'Qurilish muhandisligi kafedrasi']],
  ];
  const width = 216;
  const gap = (W - 40 - faculties.length * width) / (faculties.length - 1);
  const heads = faculties.map(([label], i) => box(parts, { x: 20 + i * (width + gap), y: 190, w: width, h: 64, label, style: 'lead' }));
  tree(parts, vice, heads);
  heads.forEach((head, i) => column(parts, head, faculties[i][1], { top: 284, w: width, h: 62, gap: 22 }));

  // Services that every faculty relies on, under the same vice-rector (dashed: coordination, not command).
  const supportY = 690;
  const supportW = 250;
  const supportGap = (W - 60 - 4 * supportW) / 3;
  parts.push(
    `<text x="${W / 2}" y="${supportY - 16}" text-anchor="middle" font-size="15" font-weight="bold" fill="#142864">${esc('Oʻquv jarayonini taʼminlovchi boʻlimlar')}</text>`,
  );
  const support = ['Oʻquv-uslubiy boshqarma', 'Registrator ofisi', 'Sirtqi taʼlim boʻlimi', 'Masofaviy taʼlim markazi'].map((label, i) =>
    box(parts, { x: 30 + i * (supportW + supportGap), y: supportY + 10, w: supportW, h: 56, label, style: 'side' }),
  );
  const busY = supportY + 100;
  parts.push(
    `<path d="M${support[0].cx} ${support[0].bottom}V${busY}H${support[3].cx}" stroke="#4f5668" stroke-width="1.5" fill="none" stroke-dasharray="6 5"/>`,
  );
  for (const s of support.slice(1))
    parts.push(`<path d="M${s.cx} ${s.bottom}V${busY}" stroke="#4f5668" stroke-width="1.5" fill="none" stroke-dasharray="6 5"/>`);
  parts.push(
    `<text x="${W / 2}" y="${busY + 26}" text-anchor="middle" font-size="13" fill="#4f5668">${esc('Boʻlimlar barcha fakultetlar bilan hamkorlikda ishlaydi')}</text>`,
  );
  return { H, body: frame(parts, H) };
}

for (const [index, chart, title] of [
  [1, governance(), 'Universitetning umumiy tashkiliy tuzilmasi'],
  [2, academic(), 'Universitetning oʻquv va ilmiy boʻlinmalari'],
]) {
  writeSvg(join(OUT, `structure-${index}.svg`), { width: W, height: chart.H, title, body: chart.body });
}
