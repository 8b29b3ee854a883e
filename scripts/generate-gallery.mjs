/**
 * Original artwork of the services pages, drawn as flat SVG scenes (no photos: the university has
 * not supplied any, and hand-written vector shapes stay a few kilobytes each):
 *  - public/media/dormitory/ttj-1…5.svg  the dormitory gallery (/TTJ, DORMITORY_IMAGE_COUNT)
 *  - public/media/club/ypk-1…4.svg       the young psychologists club gallery (/YPK, CLUB_IMAGE_COUNT)
 *  - public/media/club/psychologist.svg  the club psychologist's portrait
 *  - public/media/entry/*.svg            the two image buttons of the /entry mock
 * Run: node scripts/generate-gallery.mjs (deterministic: the same files every time).
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeSvg } from './lib/svg.mjs';

const MEDIA = fileURLToPath(new URL('../public/media/', import.meta.url));
const W = 1200;
const H = 800;

const C = {
  blue: '#1f3a93',
  blueDark: '#142864',
  blueLight: '#e9eefb',
  sky: '#cfe0fb',
  orange: '#f39c12',
  green: '#7fb77e',
  greenDark: '#4f8a4e',
  wood: '#c98b55',
  woodDark: '#8a5a32',
  wall: '#f3ecdf',
  floor: '#d9c2a0',
  grey: '#9aa3b5',
  white: '#ffffff',
  skin: ['#f1c9a5', '#d9a47c', '#b97d56'],
  cloth: ['#1f3a93', '#f39c12', '#4f8a4e', '#b83b5e', '#6a4c93', '#2a9d8f'],
};

const rect = (x, y, w, h, fill, extra = '') => `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${fill}" ${extra}/>`;
const circle = (cx, cy, r, fill, extra = '') => `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}" ${extra}/>`;

/** A person seen from the front: head and rounded shoulders; (x, y) is the top of the head. */
function person(x, y, s, i) {
  const skin = C.skin[i % C.skin.length];
  const cloth = C.cloth[i % C.cloth.length];
  return [
    `<path d="M${x - 42 * s} ${y + 150 * s} q0 ${-70 * s} ${42 * s} ${-70 * s} q${42 * s} 0 ${42 * s} ${70 * s} z" fill="${cloth}"/>`,
    circle(x, y + 32 * s, 30 * s, skin),
    `<path d="M${x - 31 * s} ${y + 30 * s} q${31 * s} ${-48 * s} ${62 * s} 0 q${-8 * s} ${-30 * s} ${-31 * s} ${-30 * s} q${-23 * s} 0 ${-31 * s} ${30 * s}z" fill="#3b2a20"/>`,
  ].join('');
}

function tree(x, ground, s = 1) {
  return (
    rect(x - 10 * s, ground - 120 * s, 20 * s, 120 * s, C.woodDark) +
    circle(x, ground - 150 * s, 70 * s, C.green) +
    circle(x + 30 * s, ground - 120 * s, 45 * s, C.greenDark, 'opacity=".6"')
  );
}

function windowGrid(x0, y0, cols, rows, w, h, gapX, gapY, lit) {
  const cells = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const on = lit(r, c);
      cells.push(rect(x0 + c * (w + gapX), y0 + r * (h + gapY), w, h, on ? '#ffe9a8' : C.sky, 'rx="4"'));
    }
  }
  return cells.join('');
}

/** An indoor back wall with a floor line, the frame of most interior scenes. */
const room = (wall = C.wall, floor = C.floor) => rect(0, 0, W, H, wall) + rect(0, 560, W, 240, floor) + rect(0, 552, W, 10, C.woodDark);

const scenes = {
  /** The five-storey building, 528 places, with its entrance and trees. */
  'dormitory/ttj-1': () =>
    rect(0, 0, W, H, C.sky) +
    circle(1050, 120, 60, C.orange) +
    rect(0, 680, W, 120, C.green) +
    rect(300, 170, 600, 520, C.blueLight, `stroke="${C.blue}" stroke-width="6"`) +
    rect(290, 150, 620, 30, C.blue) +
    windowGrid(330, 200, 8, 5, 52, 70, 20, 22, (r, c) => (r * 3 + c) % 4 === 0) +
    rect(555, 600, 90, 90, C.blueDark, 'rx="6"') +
    rect(520, 585, 160, 14, C.blue) +
    `<text x="600" y="140" font-family="Arial, sans-serif" font-size="44" font-weight="700" text-anchor="middle" fill="${C.blueDark}">TTJ</text>` +
    tree(170, 690, 1.1) +
    tree(1030, 690, 1.2) +
    person(760, 560, 0.8, 1) +
    person(440, 570, 0.75, 2),
  /** A two-bed room with a desk under the window. */
  'dormitory/ttj-2': () =>
    room() +
    rect(470, 120, 260, 220, C.sky, `stroke="${C.white}" stroke-width="14"`) +
    rect(596, 120, 8, 220, C.white) +
    rect(60, 440, 330, 150, C.blue, 'rx="10"') +
    rect(60, 410, 90, 60, C.white, 'rx="14"') +
    rect(810, 440, 330, 150, C.orange, 'rx="10"') +
    rect(1050, 410, 90, 60, C.white, 'rx="14"') +
    rect(450, 420, 300, 22, C.wood) +
    rect(465, 442, 18, 150, C.woodDark) +
    rect(717, 442, 18, 150, C.woodDark) +
    rect(520, 360, 100, 62, '#333a4d', 'rx="6"') +
    `<path d="M690 420 l0 -60 l-30 -20" stroke="${C.blueDark}" stroke-width="6" fill="none"/>` +
    circle(655, 335, 22, C.orange) +
    rect(60, 110, 180, 280, C.wood, 'rx="6"') +
    rect(148, 120, 4, 260, C.woodDark),
  /** The study room: shelves, tables and students at laptops. */
  'dormitory/ttj-3': () =>
    room('#eef2f8') +
    [0, 1, 2, 3]
      .map(
        (i) =>
          rect(60 + i * 280, 80, 240, 300, C.wood, 'rx="6"') +
          [0, 1, 2].map((s) => rect(75 + i * 280, 110 + s * 95, 210, 70, ['#b83b5e', C.blue, C.green][(i + s) % 3], 'opacity=".85"')).join(''),
      )
      .join('') +
    person(350, 290, 1.5, 0) +
    person(890, 290, 1.5, 3) +
    rect(180, 540, 340, 24, C.woodDark) +
    rect(720, 540, 340, 24, C.woodDark) +
    rect(290, 490, 120, 52, '#333a4d', 'rx="6"') +
    rect(830, 490, 120, 52, '#333a4d', 'rx="6"') +
    rect(200, 564, 20, 150, C.woodDark) +
    rect(480, 564, 20, 150, C.woodDark) +
    rect(740, 564, 20, 150, C.woodDark) +
    rect(1020, 564, 20, 150, C.woodDark),
  /** The shared kitchen on every floor. */
  'dormitory/ttj-4': () =>
    room('#fdf6ec', '#cdd6e6') +
    rect(60, 360, 640, 200, C.white, `stroke="${C.grey}" stroke-width="4"`) +
    rect(60, 340, 640, 24, C.grey) +
    [0, 1, 2, 3].map((i) => circle(120 + i * 70, 352, 22, '#333a4d')).join('') +
    [0, 1, 2].map((i) => rect(90 + i * 210, 400, 180, 130, C.blueLight, `stroke="${C.grey}" stroke-width="3"`)).join('') +
    rect(760, 120, 200, 440, '#dfe5ef', `stroke="${C.grey}" stroke-width="4" rx="10"`) +
    rect(760, 300, 200, 6, C.grey) +
    rect(930, 180, 10, 80, C.grey) +
    rect(60, 100, 400, 150, C.wood, 'rx="6"') +
    rect(258, 100, 4, 150, C.woodDark) +
    rect(980, 600, 180, 20, C.wood) +
    circle(1030, 590, 18, C.orange) +
    circle(1100, 588, 14, '#b83b5e'),
  /** The leisure hall where the clubs meet: table tennis and a chess corner. */
  'dormitory/ttj-5': () =>
    room('#eaf4ea', '#c9b79c') +
    rect(300, 470, 600, 40, C.greenDark, 'rx="6"') +
    rect(596, 430, 8, 40, C.white) +
    rect(330, 510, 16, 120, '#333a4d') +
    rect(854, 510, 16, 120, '#333a4d') +
    person(200, 300, 1.7, 4) +
    person(1000, 300, 1.7, 5) +
    circle(700, 400, 10, C.white) +
    rect(460, 90, 220, 220, C.white, `stroke="${C.woodDark}" stroke-width="8"`) +
    Array.from({ length: 16 }, (_, i) => ((i + Math.floor(i / 4)) % 2 ? rect(470 + (i % 4) * 50, 100 + Math.floor(i / 4) * 50, 50, 50, '#333a4d') : '')).join(
      '',
    ) +
    rect(880, 90, 260, 130, C.blue, 'rx="10"') +
    `<text x="1010" y="170" font-family="Arial, sans-serif" font-size="48" font-weight="700" text-anchor="middle" fill="${C.white}">CLUB</text>`,
  /** A group session: a circle of students around the facilitator. */
  'club/ypk-1': () =>
    room('#f1ecf7', '#d8cfe6') +
    [
      [170, 330],
      [380, 270],
      [820, 270],
      [1030, 330],
      [600, 360],
    ]
      .map(([x, y], i) => person(x, y, 1.25, i))
      .join('') +
    `<path d="M640 110 h220 a20 20 0 0 1 20 20 v70 a20 20 0 0 1 -20 20 h-150 l-40 34 v-34 h-30 a20 20 0 0 1 -20 -20 v-70 a20 20 0 0 1 20 -20z" fill="${C.white}" stroke="${C.blue}" stroke-width="4"/>` +
    circle(705, 165, 10, C.blue) +
    circle(750, 165, 10, C.blue) +
    circle(795, 165, 10, C.blue),
  /** A training: the presenter at the board, the audience seen from behind. */
  'club/ypk-2': () =>
    room('#eef2f8') +
    rect(330, 70, 540, 320, C.white, `stroke="${C.blueDark}" stroke-width="8" rx="8"`) +
    `<path d="M600 320 c-120 -70 -150 -150 -90 -185 c40 -22 75 0 90 30 c15 -30 50 -52 90 -30 c60 35 30 115 -90 185z" fill="#b83b5e"/>` +
    person(1010, 150, 1.9, 0) +
    Array.from(
      { length: 5 },
      (_, i) => circle(160 + i * 220, 650, 62, '#3b2a20') + `<path d="M${90 + i * 220} 800 q0 -90 70 -90 q70 0 70 90z" fill="${C.cloth[(i + 2) % 6]}"/>`,
    ).join(''),
  /** The consultation room: two armchairs, a table, a plant. */
  'club/ypk-3': () =>
    room('#f5efe6', '#cbb79a') +
    rect(430, 110, 340, 240, C.sky, `stroke="${C.white}" stroke-width="14"`) +
    rect(120, 400, 300, 200, C.blue, 'rx="40"') +
    rect(150, 330, 240, 120, C.blue, 'rx="30"') +
    rect(780, 400, 300, 200, C.greenDark, 'rx="40"') +
    rect(810, 330, 240, 120, C.greenDark, 'rx="30"') +
    rect(500, 500, 200, 20, C.wood) +
    rect(590, 520, 20, 90, C.woodDark) +
    rect(560, 440, 80, 60, '#b85c38', 'rx="6"') +
    circle(585, 415, 36, C.green) +
    circle(625, 400, 30, C.greenDark) +
    circle(600, 380, 26, C.green),
  /** An outdoor team event in the campus park. */
  'club/ypk-4': () =>
    rect(0, 0, W, H, C.sky) +
    circle(160, 130, 70, C.orange) +
    rect(0, 600, W, 200, C.green) +
    tree(1040, 620, 1.3) +
    tree(110, 640, 0.9) +
    Array.from({ length: 5 }, (_, i) => person(330 + i * 140, 380, 1.1, i + 1)).join('') +
    `<path d="M280 560 H900" stroke="${C.blueDark}" stroke-width="8" stroke-linecap="round" opacity=".35"/>`,
  /** The club psychologist's portrait (4:5, drawn on the 1200×800 grid and shifted into its frame). */
  'club/psychologist': () =>
    rect(0, 0, W, H * 2, C.blueLight) +
    '<g transform="translate(-200 200)">' +
    circle(600, 400, 330, C.white, 'opacity=".6"') +
    `<path d="M330 800 q0 -260 270 -260 q270 0 270 260z" fill="${C.blue}"/>` +
    `<path d="M540 560 l60 70 l60 -70z" fill="${C.white}"/>` +
    `<path d="M430 360 q0 -210 170 -210 q170 0 170 210 v150 q-40 40 -60 0 v-150 h-220 v150 q-20 40 -60 0z" fill="#3b2a20"/>` +
    rect(565, 470, 70, 90, C.skin[0]) +
    circle(600, 360, 130, C.skin[0]) +
    `<path d="M470 330 q130 -160 260 0 q-30 -150 -130 -150 q-100 0 -130 150z" fill="#3b2a20"/>` +
    circle(555, 370, 10, '#3b2a20') +
    circle(645, 370, 10, '#3b2a20') +
    `<path d="M560 420 q40 30 80 0" stroke="#8a4b3a" stroke-width="8" fill="none" stroke-linecap="round"/>` +
    '</g>',
  /** The /entry mock's first button: full-time study on campus. */
  'entry/kunduzgi': () =>
    rect(0, 0, W, H, '#fff3dc') +
    circle(960, 170, 90, C.orange) +
    rect(0, 640, W, 160, C.green) +
    rect(250, 300, 700, 350, C.white, `stroke="${C.blue}" stroke-width="8"`) +
    `<path d="M220 310 L600 120 L980 310z" fill="${C.blue}"/>` +
    [0, 1, 2, 3, 4].map((i) => rect(300 + i * 130, 380, 60, 250, C.blueLight, `stroke="${C.blue}" stroke-width="4"`)).join('') +
    person(140, 470, 0.9, 2) +
    person(1070, 470, 0.9, 1),
  /** The /entry mock's second button: the online admission site. */
  'entry/online': () =>
    rect(0, 0, W, H, '#e6f2f0') +
    rect(260, 140, 680, 440, '#333a4d', 'rx="24"') +
    rect(290, 170, 620, 380, C.white, 'rx="8"') +
    rect(160, 580, 880, 40, '#55607a', 'rx="16"') +
    [0, 1, 2].map((i) => rect(340, 220 + i * 80, 380, 40, C.blueLight, `stroke="${C.blue}" stroke-width="3" rx="8"`)).join('') +
    rect(340, 460, 200, 56, C.orange, 'rx="28"') +
    circle(800, 330, 70, '#2a9d8f') +
    `<path d="M765 330 l25 28 l48 -56" stroke="${C.white}" stroke-width="14" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`,
};

const TITLES = {
  'dormitory/ttj-1': 'Talabalar turar joyi binosi',
  'dormitory/ttj-2': 'Ikki kishilik xona',
  'dormitory/ttj-3': "O'quv zali",
  'dormitory/ttj-4': 'Oshxona',
  'dormitory/ttj-5': "To'garaklar zali",
  'club/ypk-1': 'Guruh mashg‘uloti',
  'club/ypk-2': 'Trening',
  'club/ypk-3': 'Maslahat xonasi',
  'club/ypk-4': 'Ochiq havodagi tadbir',
  'club/psychologist': 'Klub psixologi',
  'entry/kunduzgi': "Kunduzgi ta'lim",
  'entry/online': 'Onlayn qabul',
};

/** Sizes that differ from the 3:2 scenes (the portrait is 4:5, like every person photo of the site). */
const SIZES = { 'club/psychologist': { width: 800, height: 1000 } };

for (const [name, draw] of Object.entries(scenes)) {
  const { width, height } = SIZES[name] ?? { width: W, height: H };
  writeSvg(join(MEDIA, `${name}.svg`), { width, height, title: TITLES[name], body: draw() });
}
