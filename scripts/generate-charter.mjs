/**
 * Generates the charter's ten page images (public/media/charter/page-01.svg … page-10.svg) shown on
 * /regulation. The text is an original, plausible charter in Uzbek (Latin script): one chapter of
 * three numbered articles per page, laid out on A4-proportioned pages. Run: node scripts/generate-charter.mjs
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { esc, wrap, writeSvg } from './lib/svg.mjs';

const OUT = fileURLToPath(new URL('../public/media/charter/', import.meta.url));

/** A4 at 96 dpi, so the images keep the proportions of the printed document. */
const W = 794;
const H = 1123;
const MARGIN = 80;
const LINE = 24;
/** Characters per body line at 15 px on a 634 px measure. */
const MEASURE = 76;
const FONT = "'DejaVu Serif', 'Noto Serif', 'Times New Roman', serif";

const CHAPTERS = [
  [
    'I bob. Umumiy qoidalar',
    [
      [
        'Universitetning maqomi',
        'Zarafshon Texnologiya Universiteti (bundan buyon matnda — Universitet) oliy taʼlim xizmatlarini koʻrsatuvchi nodavlat taʼlim muassasasi hisoblanadi. Universitet Oʻzbekiston Respublikasining qonunlari, boshqa normativ-huquqiy hujjatlar hamda ushbu Ustav asosida faoliyat yuritadi.',
      ],
      [
        'Nomi va manzili',
        'Universitetning toʻliq nomi: Zarafshon Texnologiya Universiteti. Qisqartirilgan nomi: ZTU. Pochta manzili: Samarqand shahri, Universitet xiyoboni, 17-uy.',
      ],
      [
        'Yuridik shaxs maqomi',
        'Universitet yuridik shaxs hisoblanadi, mustaqil balansga, bank hisobvaraqlariga, oʻz nomi yozilgan muhr va blankalarga ega. Universitet oʻz majburiyatlari boʻyicha oʻziga tegishli mol-mulk bilan javob beradi.',
      ],
    ],
  ],
  [
    'II bob. Maqsad va vazifalar',
    [
      [
        'Asosiy maqsad',
        'Universitetning asosiy maqsadi — zamonaviy texnologiyalar, iqtisodiyot, pedagogika va tibbiyot sohalarida raqobatbardosh, yuqori malakali kadrlarni tayyorlashdan iborat.',
      ],
      [
        'Vazifalar',
        'Universitet bakalavriat va magistratura darajasidagi taʼlim dasturlarini amalga oshiradi, ilmiy-tadqiqot va innovatsion faoliyatni rivojlantiradi, talabalarda mustaqil fikrlash, tadbirkorlik va raqamli koʻnikmalarni shakllantiradi.',
      ],
      [
        'Taʼlim tili',
        'Universitetda taʼlim oʻzbek, rus va ingliz tillarida olib boriladi. Har bir yoʻnalishning taʼlim tili qabul parametrlari va oʻquv rejalarida belgilanadi.',
      ],
    ],
  ],
  [
    'III bob. Taʼlim jarayonini tashkil etish',
    [
      [
        'Taʼlim shakllari',
        'Taʼlim kunduzgi, sirtqi va masofaviy shakllarda tashkil etiladi. Kunduzgi taʼlimda bakalavriat dasturlarining oʻqish muddati toʻrt yilni tashkil etadi.',
      ],
      [
        'Oʻquv yili',
        'Oʻquv yili sentyabr oyida boshlanadi va ikki semestrdan iborat boʻladi. Har bir semestr yakunida oraliq va yakuniy nazoratlar oʻtkaziladi.',
      ],
      [
        'Bilimlarni baholash',
        'Talabalarning bilimi kredit-modul tizimi asosida baholanadi. Baholash mezonlari har bir fanning oʻquv dasturida semestr boshida eʼlon qilinadi.',
      ],
    ],
  ],
  [
    'IV bob. Universitetni boshqarish',
    [
      [
        'Boshqaruv organlari',
        'Universitetning boshqaruv organlari Kuzatuv kengashi, Ilmiy kengash va rektordan iborat. Ularning vakolatlari ushbu Ustav bilan belgilanadi.',
      ],
      [
        'Rektor',
        'Rektor Universitet faoliyatiga bevosita rahbarlik qiladi, buyruqlar chiqaradi, xodimlarni ishga qabul qiladi va Universitet nomidan ishonchnomasiz ish yuritadi.',
      ],
      [
        'Ilmiy kengash',
        'Ilmiy kengash taʼlim va ilmiy faoliyatning asosiy masalalarini koʻrib chiqadi, oʻquv rejalarini maʼqullaydi va ilmiy unvonlarga tavsiya beradi. Kengash yigʻilishlari kamida ikki oyda bir marta oʻtkaziladi.',
      ],
    ],
  ],
  [
    'V bob. Ilmiy va innovatsion faoliyat',
    [
      [
        'Ilmiy tadqiqotlar',
        'Universitet fundamental va amaliy tadqiqotlarni olib boradi, ilmiy loyihalarda ishtirok etadi va natijalarni ilmiy elektron jurnalda eʼlon qiladi.',
      ],
      [
        'Innovatsiyalar',
        'Universitet qoshida startap loyihalarini qoʻllab-quvvatlovchi innovatsiya markazi faoliyat yuritadi. Talabalar va xodimlarning ishlanmalarini amaliyotga joriy etishga koʻmaklashiladi.',
      ],
      [
        'Ilmiy kadrlar',
        'Universitet tayanch doktorantura va mustaqil izlanuvchilik orqali ilmiy kadrlar tayyorlashni qonunchilikda belgilangan tartibda amalga oshiradi.',
      ],
    ],
  ],
  [
    'VI bob. Talabalarning huquq va majburiyatlari',
    [
      [
        'Talabalarning huquqlari',
        'Talabalar sifatli taʼlim olish, kutubxona va laboratoriyalardan foydalanish, ilmiy toʻgaraklarda ishtirok etish hamda talabalar oʻzini oʻzi boshqarish organlariga saylash va saylanish huquqiga ega.',
      ],
      [
        'Talabalarning majburiyatlari',
        'Talabalar oʻquv rejasini belgilangan muddatlarda bajarishi, ichki tartib va odob-axloq qoidalariga rioya qilishi, Universitet mol-mulkini asrab-avaylashi shart.',
      ],
      [
        'Ragʻbatlantirish',
        'Oʻqishda va ilmiy faoliyatda yuqori natijalarga erishgan talabalar stipendiyalar, toʻlov imtiyozlari va faxriy yorliqlar bilan ragʻbatlantiriladi.',
      ],
    ],
  ],
  [
    'VII bob. Xodimlar',
    [
      [
        'Professor-oʻqituvchilar',
        'Professor-oʻqituvchilar lavozimlari tanlov asosida toʻldiriladi. Ular oʻz malakasini kamida uch yilda bir marta oshirib boradi.',
      ],
      ['Xodimlarning huquqlari', 'Xodimlar xavfsiz mehnat sharoitlari, ish haqini oʻz vaqtida olish, kasbiy rivojlanish va akademik erkinlik huquqlariga ega.'],
      ['Mehnat intizomi', 'Xodimlar ichki mehnat tartib qoidalariga, odob-axloq qoidalariga va mehnat shartnomasi shartlariga rioya qilishi shart.'],
    ],
  ],
  [
    'VIII bob. Moliyaviy-xoʻjalik faoliyati',
    [
      [
        'Moliyalashtirish manbalari',
        'Universitet faoliyati taʼlim xizmatlari uchun toʻlovlar, grantlar, homiylik mablagʻlari va qonunchilikda taqiqlanmagan boshqa manbalar hisobidan moliyalashtiriladi.',
      ],
      ['Mol-mulk', 'Universitet binolari, laboratoriya jihozlari, talabalar turar joyi va boshqa mol-mulki Universitetning ustav maqsadlariga xizmat qiladi.'],
      ['Hisobot', 'Universitet buxgalteriya hisobini yuritadi va moliyaviy hisobotlarni belgilangan muddatlarda vakolatli organlarga taqdim etadi.'],
    ],
  ],
  [
    'IX bob. Xalqaro hamkorlik',
    [
      [
        'Hamkorlik yoʻnalishlari',
        'Universitet xorijiy oliy taʼlim muassasalari bilan qoʻshma taʼlim dasturlari, akademik almashinuv va qoʻshma tadqiqotlarni amalga oshiradi.',
      ],
      ['Akademik mobillik', 'Talabalar va professor-oʻqituvchilar hamkor universitetlarda bir semestrgacha oʻqish yoki stajirovka oʻtash imkoniyatiga ega.'],
      ['Xalqaro tadbirlar', 'Universitet xalqaro konferensiyalar, seminarlar va yozgi maktablarni tashkil etadi hamda ularda ishtirok etadi.'],
    ],
  ],
  [
    'X bob. Yakuniy qoidalar',
    [
      [
        'Ustavga oʻzgartirishlar',
        'Ustavga oʻzgartish va qoʻshimchalar Kuzatuv kengashi qarori bilan kiritiladi hamda qonunchilikda belgilangan tartibda roʻyxatdan oʻtkaziladi.',
      ],
      [
        'Qayta tashkil etish va tugatish',
        'Universitetni qayta tashkil etish yoki tugatish qonunchilikda belgilangan tartibda amalga oshiriladi. Bunda talabalarning taʼlimni davom ettirish huquqlari taʼminlanadi.',
      ],
      ['Kuchga kirishi', 'Ushbu Ustav davlat roʻyxatidan oʻtkazilgan kundan boshlab kuchga kiradi.'],
    ],
  ],
];

function text(x, y, content, { size = 15, weight = 'normal', anchor = 'start', fill = '#1b1f2a' } = {}) {
  const attrs = [`x="${x}"`, `y="${y}"`, `font-size="${size}"`];
  if (weight !== 'normal') attrs.push(`font-weight="${weight}"`);
  if (anchor !== 'start') attrs.push(`text-anchor="${anchor}"`);
  if (fill !== '#1b1f2a') attrs.push(`fill="${fill}"`);
  return `<text ${attrs.join(' ')}>${esc(content)}</text>`;
}

/** The first page opens with the approval stamp and the document's title. */
function titleBlock() {
  const right = W - MARGIN;
  return {
    parts: [
      text(right, 120, 'TASDIQLANGAN', { size: 14, weight: 'bold', anchor: 'end' }),
      text(right, 142, 'Kuzatuv kengashining', { size: 14, anchor: 'end' }),
      text(right, 162, '2024-yil 20-avgustdagi', { size: 14, anchor: 'end' }),
      text(right, 182, '3-son qarori bilan', { size: 14, anchor: 'end' }),
      text(W / 2, 290, 'ZARAFSHON TEXNOLOGIYA', { size: 30, weight: 'bold', anchor: 'middle', fill: '#1f3a93' }),
      text(W / 2, 332, 'UNIVERSITETI', { size: 30, weight: 'bold', anchor: 'middle', fill: '#1f3a93' }),
      text(W / 2, 384, 'U S T A V I', { size: 24, weight: 'bold', anchor: 'middle' }),
      `<path d="M${W / 2 - 120} 410h240" stroke="#f39c12" stroke-width="3"/>`,
    ],
    y: 470,
  };
}

function page(index, [chapter, articles], firstArticle) {
  const parts = [
    `<rect width="${W}" height="${H}" fill="#fff"/>`,
    `<rect x="24" y="24" width="${W - 48}" height="${H - 48}" fill="none" stroke="#d9deea" stroke-width="2"/>`,
  ];
  let y = 110;
  if (index === 0) {
    const block = titleBlock();
    parts.push(...block.parts);
    y = block.y;
  } else {
    parts.push(text(MARGIN, 70, 'Zarafshon Texnologiya Universiteti ustavi', { size: 12, fill: '#4f5668' }));
    parts.push(`<path d="M${MARGIN} 82h${W - 2 * MARGIN}" stroke="#d9deea"/>`);
    y = 140;
  }
  for (const line of wrap(chapter.toUpperCase(), 48)) {
    parts.push(text(W / 2, y, line, { size: 18, weight: 'bold', anchor: 'middle' }));
    y += 28;
  }
  y += 24;
  articles.forEach(([title, body], i) => {
    parts.push(text(MARGIN, y, `${firstArticle + i}-modda. ${title}`, { size: 16, weight: 'bold' }));
    y += LINE + 6;
    wrap(body, MEASURE).forEach((line, n) => {
      // A first-line indent, as in printed legal texts.
      parts.push(text(MARGIN + (n === 0 ? 28 : 0), y, line));
      y += LINE;
    });
    y += 22;
  });
  if (y > H - 120) throw new Error(`page ${index + 1} overflows (${y}px)`);
  parts.push(text(W / 2, H - 56, String(index + 1), { size: 13, anchor: 'middle', fill: '#4f5668' }));
  return `<g font-family="${esc(FONT)}">\n${parts.join('\n')}\n</g>`;
}

let article = 1;
CHAPTERS.forEach((chapter, index) => {
  const number = String(index + 1).padStart(2, '0');
  writeSvg(join(OUT, `page-${number}.svg`), {
    width: W,
    height: H,
    title: `Zarafshon Texnologiya Universiteti ustavi, ${index + 1}-sahifa`,
    body: page(index, chapter, article),
  });
  article += chapter[1].length;
});
