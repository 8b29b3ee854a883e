/**
 * The women's committee document shown on /XQQ: public/docs/xotin-qizlar-qomitasi.docx, a regulation
 * of a few pages in Uzbek with real headings, a numbered plan, two tables and a chart image, so that
 * the docx-preview viewer has the parts a real committee document has. The chart is a PNG drawn
 * pixel by pixel here (Word documents cannot carry SVG without a raster fallback).
 * Run: node scripts/generate-docx.mjs (needs the `docx` devDependency).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';
import JSZip from 'jszip';
import {
  AlignmentType,
  BorderStyle,
  Document,
  HeadingLevel,
  ImageRun,
  LevelFormat,
  Packer,
  PageBreak,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';

/**
 * The same bytes on every run, so CI can tell a changed generator from a stale file: the docx package
 * stamps the document's creation time and every zip entry's time with "now".
 */
const FIXED_DATE = new Date('2025-09-01T00:00:00Z');
async function reproducible(buffer) {
  const zip = await JSZip.loadAsync(buffer);
  for (const [name, entry] of Object.entries(zip.files)) {
    if (entry.dir) continue;
    let content = await entry.async('nodebuffer');
    if (name === 'docProps/core.xml') {
      content = Buffer.from(content.toString('utf8').replace(/(<dcterms:(?:created|modified)[^>]*>)[^<]*/g, `$1${FIXED_DATE.toISOString()}`));
    }
    zip.file(name, content, { date: FIXED_DATE });
  }
  // Folders made implicitly by zip.file() are dated "now" too.
  for (const entry of Object.values(zip.files)) entry.date = FIXED_DATE;
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
}

const OUT = fileURLToPath(new URL('../public/docs/xotin-qizlar-qomitasi.docx', import.meta.url));

// ---- A minimal PNG encoder (RGB, no filter): enough for a flat bar chart. ----
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
function png(width, height, pixel) {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 3 + 1)] = 0;
    for (let x = 0; x < width; x++) raw.set(pixel(x, y), y * (width * 3 + 1) + 1 + x * 3);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Students taking part in the committee's events, 2021–2025: five bars, the last one orange. */
const PARTICIPANTS = [120, 180, 260, 340, 450];
function chart() {
  const width = 600;
  const height = 300;
  const base = 270;
  const blue = [31, 58, 147];
  const orange = [243, 156, 18];
  const grid = [217, 222, 234];
  return png(width, height, (x, y) => {
    const bar = Math.floor((x - 40) / 110);
    const inBar = x >= 40 && (x - 40) % 110 >= 20 && (x - 40) % 110 < 90 && bar < PARTICIPANTS.length;
    if (inBar && y < base && y >= base - (PARTICIPANTS[bar] / 500) * 240) return bar === PARTICIPANTS.length - 1 ? orange : blue;
    if (y === base || y === base + 1) return [27, 31, 42];
    if (y < base && (base - y) % 48 === 0) return grid;
    return [255, 255, 255];
  });
}

// ---- The document ----
const heading = (text, level = HeadingLevel.HEADING_1) => new Paragraph({ text, heading: level, spacing: { before: 240, after: 120 } });
const para = (text) => new Paragraph({ children: [new TextRun(text)], spacing: { after: 120 }, alignment: AlignmentType.JUSTIFIED });
const item = (text) => new Paragraph({ text, numbering: { reference: 'tasks', level: 0 } });

const border = { style: BorderStyle.SINGLE, size: 4, color: '9AA3B5' };
const borders = { top: border, bottom: border, left: border, right: border };
function table(head, rows, widths) {
  const cell = (text, bold = false, width) =>
    new TableCell({
      borders,
      width: { size: width, type: WidthType.PERCENTAGE },
      shading: bold ? { fill: 'E9EEFB' } : undefined,
      children: [new Paragraph({ children: [new TextRun({ text, bold })] })],
    });
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: [
      new TableRow({ tableHeader: true, children: head.map((h, i) => cell(h, true, widths[i])) }),
      ...rows.map((row) => new TableRow({ children: row.map((text, i) => cell(text, false, widths[i])) })),
    ],
  });
}

const doc = new Document({
  creator: 'Zarafshon Texnologiya Universiteti',
  title: 'Xotin-qizlar qoʻmitasi toʻgʻrisida nizom',
  description: 'Xotin-qizlar qoʻmitasining nizomi, tarkibi va 2025–2026 oʻquv yili ish rejasi',
  numbering: {
    config: [{ reference: 'tasks', levels: [{ level: 0, format: LevelFormat.DECIMAL, text: '%1.', alignment: AlignmentType.START }] }],
  },
  sections: [
    {
      children: [
        new Paragraph({ text: 'Zarafshon Texnologiya Universiteti', alignment: AlignmentType.CENTER }),
        new Paragraph({ text: 'Xotin-qizlar qoʻmitasi toʻgʻrisida NIZOM', heading: HeadingLevel.TITLE, alignment: AlignmentType.CENTER }),
        new Paragraph({
          text: 'Universitet Kengashining 2025-yil 28-avgustdagi 1-son qarori bilan tasdiqlangan',
          alignment: AlignmentType.CENTER,
          spacing: { after: 240 },
        }),
        heading('1. Umumiy qoidalar'),
        para(
          'Ushbu nizom Zarafshon Texnologiya Universiteti xotin-qizlar qoʻmitasining (keyingi oʻrinlarda — Qoʻmita) maqsadi, vazifalari, tarkibi va faoliyatini tashkil etish tartibini belgilaydi.',
        ),
        para(
          'Qoʻmita universitetda tahsil olayotgan talaba qizlar va ishlayotgan xotin-qizlarning huquq va manfaatlarini himoya qilish, ularning ilmiy, ijtimoiy va maʼnaviy faolligini oshirish maqsadida tuziladi.',
        ),
        para('Qoʻmita oʻz faoliyatida Oʻzbekiston Respublikasi qonunlari, universitet ustavi va ushbu nizomga amal qiladi.'),
        heading('2. Qoʻmitaning asosiy vazifalari'),
        item('talaba qizlarning oʻqish, yashash va dam olish sharoitlarini oʻrganish hamda yaxshilash boʻyicha takliflar tayyorlash;'),
        item('ijtimoiy himoyaga muhtoj talaba qizlarni aniqlash va ularga amaliy yordam koʻrsatish;'),
        item('iqtidorli qizlarni ilmiy tadqiqotlar, tanlov va olimpiadalarga jalb etish;'),
        item('oila, sogʻlom turmush tarzi va huquqiy savodxonlik mavzularida uchrashuvlar oʻtkazish;'),
        item('talaba qizlarning murojaatlarini koʻrib chiqish va ularni hal etishda koʻmaklashish.'),
        new Paragraph({ children: [new PageBreak()] }),
        heading('3. Qoʻmita tarkibi'),
        para('Qoʻmita tarkibi universitet rektorining buyrugʻi bilan har oʻquv yili boshida tasdiqlanadi.'),
        table(
          ['F.I.Sh.', 'Lavozimi', 'Qoʻmitadagi vazifasi'],
          [
            ['Nodira Xolmatova', 'Yoshlar bilan ishlash boʻlimi boshligʻi', 'Rais'],
            ['Gulnoza Saidova', 'Iqtisodiyot kafedrasi dotsenti', 'Rais oʻrinbosari'],
            ['Madina Rustamova', 'Psixolog', 'Aʼzo'],
            ['Shahnoza Tojiboyeva', 'Talabalar turar joyi tarbiyachisi', 'Aʼzo'],
            ['Dilfuza Ergasheva', 'Talaba, 3-kurs', 'Kotiba'],
          ],
          [34, 42, 24],
        ),
        heading('4. 2025–2026 oʻquv yili ish rejasi'),
        table(
          ['№', 'Tadbir', 'Muddat', 'Masʼul'],
          [
            ['1', 'Birinchi kurs talaba qizlari bilan tanishuv uchrashuvi', 'Sentabr', 'N. Xolmatova'],
            ['2', '«Oila — jamiyat tayanchi» mavzusida davra suhbati', 'Noyabr', 'G. Saidova'],
            ['3', 'Turar joyda yashovchi qizlar sharoitini oʻrganish', 'Dekabr', 'Sh. Tojiboyeva'],
            ['4', '8-mart — Xalqaro xotin-qizlar kuniga bagʻishlangan tadbir', 'Mart', 'Qoʻmita aʼzolari'],
            ['5', 'Yil yakunlari boʻyicha hisobot', 'Iyun', 'N. Xolmatova'],
          ],
          [8, 52, 16, 24],
        ),
        new Paragraph({ children: [new PageBreak()] }),
        heading('5. Qoʻmita faoliyati raqamlarda'),
        para('Qoʻmita tadbirlarida ishtirok etgan talaba qizlar soni soʻnggi besh yilda qariyb toʻrt baravar oshdi:'),
        new Paragraph({
          alignment: AlignmentType.CENTER,
          children: [
            new ImageRun({
              type: 'png',
              data: chart(),
              transformation: { width: 480, height: 240 },
              altText: {
                name: 'Ishtirokchilar diagrammasi',
                description: '2021–2025-yillarda tadbirlar ishtirokchilari: 120, 180, 260, 340 va 450 nafar',
                title: 'Ishtirokchilar soni',
              },
            }),
          ],
        }),
        new Paragraph({ text: '1-rasm. Tadbirlar ishtirokchilari soni, 2021–2025-yillar (nafar)', alignment: AlignmentType.CENTER, spacing: { after: 240 } }),
        heading('6. Murojaat tartibi'),
        para(
          'Talaba qizlar va xodimlar Qoʻmitaga yozma yoki ogʻzaki murojaat qilishlari mumkin. Murojaatlar oʻn besh kun ichida koʻrib chiqiladi va murojaat etuvchiga javob beriladi. Murojaatchining shaxsiy maʼlumotlari sir saqlanadi.',
        ),
        heading('7. Yakuniy qoidalar'),
        para('Ushbu nizomga oʻzgartirish va qoʻshimchalar universitet Kengashi qarori bilan kiritiladi.'),
        new Paragraph({ text: 'Qoʻmita raisi: N. Xolmatova', alignment: AlignmentType.RIGHT, spacing: { before: 480 } }),
      ],
    },
  ],
});

const buffer = await reproducible(await Packer.toBuffer(doc));
mkdirSync(dirname(OUT), { recursive: true });
writeFileSync(OUT, buffer);
console.log(`${OUT}: ${(buffer.length / 1024).toFixed(1)} KB`);
