/**
 * Generates the code of ethics bundled with the site (public/docs/odob-axloq-qoidalari.pdf, embedded on
 * /rulesEtika) and shared/content/code-of-conduct-pdf.ts, which carries the file's URL and byte size so
 * the page can label its download link without reading the disk in the browser bundle. The text is
 * original: the full code in Uzbek, then summaries in Russian and English. DejaVu Sans (Debian's
 * fonts-dejavu-core) is embedded, subset, for the Cyrillic and Uzbek letters.
 * Run: node scripts/generate-pdf.mjs (the PDF is committed; CI never runs this).
 */
import { createWriteStream, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';

const HREF = '/docs/odob-axloq-qoidalari.pdf';
const PDF = fileURLToPath(new URL(`../public${HREF}`, import.meta.url));
const CONSTANT = fileURLToPath(new URL('../shared/content/code-of-conduct-pdf.ts', import.meta.url));
const FONTS = '/usr/share/fonts/truetype/dejavu';
const REGULAR = `${FONTS}/DejaVuSans.ttf`;
const BOLD = `${FONTS}/DejaVuSans-Bold.ttf`;
/** Fixed, so that regenerating unchanged text gives the same document metadata. */
const DATE = new Date('2024-08-20T09:00:00+05:00');

const UZ = {
  sections: [
    [
      '1. Umumiy qoidalar',
      [
        'Ushbu Odob-axloq qoidalari (bundan buyon — Qoidalar) Zarafshon Texnologiya Universiteti professor-oʻqituvchilari, xodimlari va talabalarining xulq-atvoriga oid asosiy tamoyillar va meʼyorlarni belgilaydi.',
        'Qoidalar Universitet Ustavi, Ichki mehnat tartib qoidalari va Oʻzbekiston Respublikasi qonunchiligiga muvofiq ishlab chiqilgan.',
        'Qoidalarga rioya qilish Universitet jamoasining har bir aʼzosi uchun majburiydir.',
      ],
    ],
    [
      '2. Asosiy tamoyillar',
      [
        'Halollik va akademik yaxlitlik: oʻzgalar mehnatini oʻzlashtirish (plagiat), koʻchirish va maʼlumotlarni soxtalashtirish qatʼiyan man etiladi.',
        'Hurmat va bagʻrikenglik: millati, tili, dini, jinsi va ijtimoiy kelib chiqishidan qatʼi nazar har bir insonga hurmat bilan munosabatda boʻlish.',
        'Adolat va xolislik: baholash, ishga qabul qilish va ragʻbatlantirishda faqat bilim, natija va xizmat mezonlariga tayanish.',
        'Masʼuliyat: oʻz vazifalarini sifatli va oʻz vaqtida bajarish, Universitet obroʻsini asrash.',
      ],
    ],
    [
      '3. Professor-oʻqituvchilar va xodimlarning xulq-atvori',
      [
        'Mashgʻulotlarga puxta tayyorgarlik koʻrish, darslarni belgilangan vaqtda boshlash va tugatish.',
        'Talabalardan hadya, pul yoki boshqa manfaat talab qilmaslik va qabul qilmaslik.',
        'Talabalarning shaxsiy maʼlumotlari va baholarini uchinchi shaxslarga oshkor qilmaslik.',
        'Ish joyida ishbilarmonlik kiyinish uslubiga va xizmat odobiga rioya qilish.',
      ],
    ],
    [
      '4. Talabalarning xulq-atvori',
      [
        'Mashgʻulotlarga muntazam qatnashish va topshiriqlarni mustaqil bajarish.',
        'Imtihon va nazoratlarda ruxsat etilmagan manbalar hamda qurilmalardan foydalanmaslik.',
        'Oʻqituvchilar, xodimlar va tengdoshlariga hurmat bilan munosabatda boʻlish.',
        'Universitet hududida tamaki mahsulotlarini chekmaslik va spirtli ichimliklar isteʼmol qilmaslik.',
        'Ijtimoiy tarmoqlarda Universitet jamoasi aʼzolarini haqorat qiluvchi maʼlumotlar tarqatmaslik.',
      ],
    ],
    [
      '5. Manfaatlar toʻqnashuvi va korrupsiyaga qarshi kurash',
      [
        'Xodim shaxsiy manfaati xizmat vazifasiga taʼsir qilishi mumkin boʻlgan holatlar haqida rahbariyatga yozma ravishda xabar beradi.',
        'Yaqin qarindoshlar bir-biriga bevosita boʻysunuvchi lavozimlarda ishlamaydi.',
        'Korrupsiya holatlari haqida ishonch telefoni yoki elektron pochta orqali anonim xabar berish mumkin; xabar beruvchini taʼqib qilish taqiqlanadi.',
      ],
    ],
    [
      '6. Qoidalarning buzilishi',
      [
        'Qoidalar buzilishi holatlari Odob-axloq komissiyasi tomonidan oʻn besh ish kuni ichida koʻrib chiqiladi.',
        'Komissiya qaroriga koʻra ogohlantirish, hayfsan yoki qonunchilikda nazarda tutilgan boshqa choralar qoʻllanilishi mumkin.',
        'Qoidalarni buzganlikda ayblangan shaxs oʻz tushuntirishini berish va komissiya qaroriga eʼtiroz bildirish huquqiga ega.',
      ],
    ],
  ],
};

const RU = {
  title: 'Кодекс этики — краткое изложение на русском языке',
  paragraphs: [
    'Кодекс устанавливает основные принципы поведения преподавателей, сотрудников и студентов Зарафшанского технологического университета и обязателен для каждого члена коллектива.',
    'Основные принципы: честность и академическая добросовестность (плагиат, списывание и фальсификация данных запрещены), уважение и терпимость, справедливость и беспристрастность, ответственность.',
    'Преподаватели готовятся к занятиям, начинают и заканчивают их вовремя, не требуют и не принимают от студентов подарков и иных выгод, не разглашают персональные данные и оценки.',
    'Студенты посещают занятия, выполняют задания самостоятельно, не пользуются на экзаменах запрещёнными источниками, уважительно относятся к преподавателям и друг к другу.',
    'О конфликте интересов сотрудник письменно сообщает руководству. О случаях коррупции можно сообщить анонимно; преследование сообщившего запрещено.',
    'Нарушения рассматривает Комиссия по этике в течение пятнадцати рабочих дней; лицо, обвиняемое в нарушении, вправе дать объяснения и обжаловать решение.',
  ],
};

const EN = {
  title: 'Code of ethics — summary in English',
  paragraphs: [
    'The code sets out the principles of conduct for the teaching staff, employees and students of Zarafshon University of Technology; every member of the university community is bound by it.',
    'Core principles: honesty and academic integrity (plagiarism, cheating and falsified data are forbidden), respect and tolerance, fairness and impartiality, responsibility.',
    'Teachers prepare their classes, start and end them on time, neither ask for nor accept gifts or favours from students, and keep students\u2019 personal data and grades confidential.',
    'Students attend classes, do their assignments themselves, use no unauthorised sources or devices in examinations, and treat teachers and fellow students with respect.',
    'Employees report conflicts of interest to management in writing. Corruption can be reported anonymously, and retaliation against the reporter is prohibited.',
    'Breaches are examined by the Ethics Committee within fifteen working days; the person concerned may give an explanation and appeal against the decision.',
  ],
};

for (const font of [REGULAR, BOLD]) {
  if (!existsSync(font)) throw new Error(`${font} is missing: apt-get install fonts-dejavu-core`);
}

const doc = new PDFDocument({
  size: 'A4',
  margins: { top: 72, bottom: 72, left: 72, right: 72 },
  bufferPages: true,
  lang: 'uz',
  info: {
    Title: 'Zarafshon Texnologiya Universiteti — Odob-axloq qoidalari',
    Author: 'Zarafshon Texnologiya Universiteti',
    Subject: 'Odob-axloq qoidalari / Кодекс этики / Code of ethics',
    CreationDate: DATE,
    ModDate: DATE,
  },
});
doc.registerFont('body', REGULAR);
doc.registerFont('bold', BOLD);
mkdirSync(dirname(PDF), { recursive: true });
const done = new Promise((resolve, reject) => {
  const out = createWriteStream(PDF);
  out.on('finish', resolve);
  out.on('error', reject);
  doc.pipe(out);
});

const BLUE = '#1f3a93';
const INK = '#1b1f2a';

function heading(text, size = 14) {
  // Keep a heading with at least its first lines of text.
  if (doc.y > doc.page.height - doc.page.margins.bottom - 90) doc.addPage();
  doc.moveDown(0.8).font('bold').fontSize(size).fillColor(BLUE).text(text).moveDown(0.3);
}

function paragraph(text, options = {}) {
  doc
    .font('body')
    .fontSize(11)
    .fillColor(INK)
    .text(text, { lineGap: 2, ...options })
    .moveDown(0.35);
}

// Title block.
doc.font('body').fontSize(10).fillColor(INK).text('TASDIQLANGAN', { align: 'right' });
doc.text('Kuzatuv kengashining 2024-yil 20-avgustdagi', { align: 'right' });
doc.text('3-son qarori bilan', { align: 'right' });
doc.moveDown(3);
doc.font('bold').fontSize(20).fillColor(BLUE).text('ZARAFSHON TEXNOLOGIYA UNIVERSITETI', { align: 'center' });
doc.moveDown(0.4).fontSize(18).fillColor(INK).text('ODOB-AXLOQ QOIDALARI', { align: 'center' });
doc.moveDown(0.3).font('body').fontSize(11).fillColor('#4f5668').text('Samarqand — 2024', { align: 'center' });
doc.moveDown(1.5);

for (const [title, clauses] of UZ.sections) {
  heading(title);
  const number = title.split('.')[0];
  clauses.forEach((clause, i) => paragraph(`${number}.${i + 1}. ${clause}`));
}

doc.addPage();
heading(RU.title, 15);
RU.paragraphs.forEach((text) => paragraph(text));
heading(EN.title, 15);
EN.paragraphs.forEach((text) => paragraph(text));

// Footers, once the number of pages is known.
const range = doc.bufferedPageRange();
for (let i = range.start; i < range.start + range.count; i++) {
  doc.switchToPage(i);
  const bottom = doc.page.margins.bottom;
  doc.page.margins.bottom = 0;
  doc
    .font('body')
    .fontSize(9)
    .fillColor('#4f5668')
    .text(`ZTU · Odob-axloq qoidalari · ${i + 1}/${range.count}`, 72, doc.page.height - 48, { align: 'center', width: doc.page.width - 144 });
  doc.page.margins.bottom = bottom;
}
doc.end();
await done;

const bytes = statSync(PDF).size;
mkdirSync(dirname(CONSTANT), { recursive: true });
writeFileSync(
  CONSTANT,
  `/** Generated by scripts/generate-pdf.mjs with the PDF it describes; do not edit by hand. */
export const CODE_OF_CONDUCT_PDF = { href: '${HREF}', bytes: ${bytes} } as const;
`,
);
console.log(`${PDF}: ${range.count} pages, ${(bytes / 1024).toFixed(1)} KB`);
