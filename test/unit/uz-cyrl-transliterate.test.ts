import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { KEEP_LATIN, keepLatin, toCyrillic, toLatin } from '../../shared/uz-cyrl/transliterate';

/** Word pairs, `Latin<TAB>Cyrillic`, of a public set in test/fixtures/uz-latin-cyrillic (its README says where from). */
function pairsOf(file: string): [string, string][] {
  return readFileSync(new URL(`../fixtures/uz-latin-cyrillic/${file}`, import.meta.url), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split('\t') as [string, string]);
}

/** Each public set is scored on its own: a set of another register shows what the first one hides. */
const SOURCES = [
  { name: 'lotin-kirill (news, an essay)', pairs: pairsOf('pairs.tsv'), least: 0.98 },
  { name: 'GNOME translations (interface words)', pairs: pairsOf('gnome-pairs.tsv'), least: 0.98 },
];
const PAIRS = SOURCES[0]!.pairs;

function expectEach(cases: [string, string][]): void {
  expect(cases.map(([latin]) => [latin, toCyrillic(latin)])).toEqual(cases);
}

describe('toCyrillic: the letter rules', () => {
  it('writes oʻ, gʻ, sh, ch, ng and yo, yu, ya, ye as the Cyrillic letters', () => {
    expectEach([
      ['oʻzbek', 'ўзбек'],
      ['togʻ', 'тоғ'],
      ['shahar', 'шаҳар'],
      ['choy', 'чой'],
      ['ming', 'минг'],
      ['yoz', 'ёз'],
      ['yulduz', 'юлдуз'],
      ['yangi', 'янги'],
      ['yer', 'ер'],
      ['yetti', 'етти'],
      ['yoʻl', 'йўл'],
      ['Mirziyoyeva', 'Мирзиёева'],
    ]);
  });

  it('writes e as э at the start of a word and after a vowel, as е after a consonant', () => {
    expectEach([
      ['ekran', 'экран'],
      ['esa', 'эса'],
      ['poeziya', 'поэзия'],
      ['aerobika', 'аэробика'],
      ['kelmoq', 'келмоқ'],
      ['ilmiy-ekspert', 'илмий-эксперт'],
    ]);
  });

  it('writes the tutuq belgisi as ъ, between s and h too (sʼh is not the digraph sh)', () => {
    expectEach([
      ['taʼlim', 'таълим'],
      ['eʼlon', 'эълон'],
      ['mas’uliyat', 'масъулият'],
      ["Is'hoq", 'Исъҳоқ'],
      ['Asʼhob', 'Асъҳоб'],
    ]);
  });

  it('reads every apostrophe form the site accepts', () => {
    for (const mark of ["'", 'ʻ', 'ʼ', '‘', '’', '`', '´']) {
      expect(toCyrillic(`O${mark}zbekiston, to${mark}g${mark}ri, ta${mark}lim`)).toBe('Ўзбекистон, тўғри, таълим');
    }
  });

  it('keeps the case of each word: lower, capitalised, all capitals', () => {
    expectEach([
      ['Toshkent', 'Тошкент'],
      ['TOSHKENT', 'ТОШКЕНТ'],
      ['OʻZBEKISTON', 'ЎЗБЕКИСТОН'],
      ['Shahar', 'Шаҳар'],
      ['SHAHAR', 'ШАҲАР'],
      ['Oʻqituvchi', 'Ўқитувчи'],
    ]);
  });

  it('keeps punctuation, digits and whitespace', () => {
    expect(toCyrillic('2025-yil 18-dekabr, soat 15:00 da!\n\t«Qabul — 2026»?')).toBe('2025-йил 18-декабрь, соат 15:00 да!\n\t«Қабул — 2026»?');
  });
});

describe('toCyrillic: what the Latin spelling does not show', () => {
  it('writes ц in loans and keeps ts in Uzbek words', () => {
    expectEach([
      ['sirk', 'цирк'],
      ['sex', 'цех'],
      ['litsey', 'лицей'],
      ['konsert', 'концерт'],
      ['prinsip', 'принцип'],
      ['funksiya', 'функция'],
      ['revolyutsiya', 'революция'],
      ['ketsa', 'кетса'],
      ['aytsa', 'айтса'],
    ]);
  });

  it('writes ь in loans and the month names', () => {
    expectEach([
      ['sentabr', 'сентябрь'],
      ['oktabr', 'октябрь'],
      ['yanvar', 'январь'],
      ['fevral', 'февраль'],
      ['noyabr', 'ноябрь'],
      ['dekabr', 'декабрь'],
      ['iyun', 'июнь'],
      ['iyul', 'июль'],
      ['film', 'фильм'],
      ['kompyuter', 'компьютер'],
    ]);
  });

  it('writes ъ and ё/ю/я of Russian loans', () => {
    expectEach([
      ['obyekt', 'объект'],
      ['subyekt', 'субъект'],
      ['aktyor', 'актёр'],
      ['rayon', 'район'],
    ]);
  });

  it('matches an exception as a whole word or a stem with Uzbek suffixes, never inside another word', () => {
    expectEach([
      ['konsertlar', 'концертлар'],
      ['konsertda', 'концертда'],
      ['fakultetlarning', 'факультетларнинг'],
      ['fakultetlararo', 'факультетлараро'],
      ['oktabrda', 'октябрда'],
      ['Konferensiyada', 'Конференцияда'],
      // sirk (цирк) and tilda (тильда) are not the start of these Uzbek words
      ['sirka', 'сирка'],
      ['tilda', 'тилда'],
    ]);
    expect(toCyrillic('konsert')).not.toBe('коньсерт');
  });

  it('spells the university and partners by the names file', () => {
    expect(toCyrillic('Zarafshon Texnologiya Universiteti (ZTU)')).toBe('Зарафшон Технология Университети (ЗТУ)');
    expect(toCyrillic('Rheinwald amaliy fanlar universiteti')).toBe('Рейнвальд амалий фанлар университети');
  });
});

describe('toCyrillic: what stays as it is', () => {
  it('leaves URLs, e-mail addresses, domains, site paths and {placeholders} alone', () => {
    const kept = [
      'https://qabul.ztu.uz/ariza?til=uz#boshi',
      'http://127.0.0.1:3000/p/a/t/h',
      'mailto:info@ztu.uz',
      'info@ztu.uz',
      'qabul.ztu.uz',
      'www.ztu.uz/yangiliklar',
      '/ru/about',
      '{years}',
    ];
    for (const text of kept) {
      expect(toCyrillic(text)).toBe(text);
      expect(toCyrillic(`Manzil: ${text}.`)).toBe(`Манзил: ${text}.`);
    }
  });

  it('leaves Cyrillic, and words with letters outside the Uzbek alphabet', () => {
    expect(toCyrillic('Ўзбекистон Республикаси, Москва')).toBe('Ўзбекистон Республикаси, Москва');
    expect(toCyrillic('Müller va Café')).toBe('Müller ва Café');
  });

  it('keeps the brand names of KEEP_LATIN, with an Uzbek suffix after an apostrophe', () => {
    expect(KEEP_LATIN.has('youtube')).toBe(true);
    expect(toCyrillic('Video YouTubeʼdan yuklanadi, Telegram va Wi-Fi orqali')).toBe('Видео YouTubeʼдан юкланади, Telegram ва Wi-Fi орқали');
  });

  it('keeps a capitalised kept name with suffixes written on, and never cuts an Uzbek word that begins like one', () => {
    expect(toCyrillic('JavaScriptsiz, PDFlar, HTMLda')).toBe('JavaScriptсиз, PDFлар, HTMLда');
    expect(toCyrillic('tabiiy Tabiiy')).toBe('табиий Табиий');
  });

  it('lets callers add names', () => {
    expect(toCyrillic('Hemis tizimi')).toBe('Ҳемис тизими');
    keepLatin('HEMIS');
    expect(toCyrillic('Hemis tizimi')).toBe('Hemis тизими');
    KEEP_LATIN.delete('hemis');
  });
});

describe('toLatin', () => {
  it('writes the Cyrillic letters by the 1995 rules', () => {
    const cases: [string, string][] = [
      ['ўқув', 'oʻquv'],
      ['ғалаба', 'gʻalaba'],
      ['Шаҳар', 'Shahar'],
      ['ШАҲАР', 'SHAHAR'],
      ['ер', 'yer'],
      ['келди', 'keldi'],
      ['поэзия', 'poeziya'],
      ['цирк', 'sirk'],
      ['лицей', 'litsey'],
      ['сентябрь', 'sentyabr'],
      ['объект', 'obyekt'],
      ['таълим', 'taʼlim'],
      ['Исҳоқ', 'Isʼhoq'],
      ['ЎЗБЕКИСТОН', 'OʻZBEKISTON'],
    ];
    expect(cases.map(([cyrillic]) => [cyrillic, toLatin(cyrillic)])).toEqual(cases);
  });

  it('comes back to the same Cyrillic through toCyrillic for the public set', () => {
    const misses = PAIRS.filter(([, cyrillic]) => toCyrillic(toLatin(cyrillic)) !== cyrillic).map(
      ([, c]) => `${c} → ${toLatin(c)} → ${toCyrillic(toLatin(c))}`,
    );
    console.log(`round trip: ${PAIRS.length - misses.length} of ${PAIRS.length}\n${misses.join('\n')}`);
    expect((PAIRS.length - misses.length) / PAIRS.length).toBeGreaterThanOrEqual(0.98);
  });
});

describe('accuracy on the public Latin/Cyrillic sets', () => {
  for (const { name, pairs, least } of SOURCES) {
    it(`${name}: at least ${least * 100} % of the words right, listing every miss`, () => {
      expect(pairs.length).toBeGreaterThanOrEqual(500);
      const misses = pairs.filter(([latin, cyrillic]) => toCyrillic(latin) !== cyrillic);
      const accuracy = (pairs.length - misses.length) / pairs.length;
      console.log(
        `uz-Cyrl accuracy on ${name}: ${(accuracy * 100).toFixed(2)} % (${pairs.length - misses.length} of ${pairs.length}); misses:\n` +
          misses.map(([latin, cyrillic]) => `  ${latin} → ${toCyrillic(latin)} (expected ${cyrillic})`).join('\n'),
      );
      expect(accuracy).toBeGreaterThanOrEqual(least);
    });
  }
});

describe('throughput', () => {
  it('transliterates a 100 KB text and prints the rate', () => {
    const sample = PAIRS.map(([latin]) => latin).join(' ') + ' https://ztu.uz/yangiliklar info@ztu.uz YouTubeʼdan. ';
    const text = sample.repeat(Math.ceil(100_000 / sample.length)).slice(0, 100_000);
    toCyrillic(text);
    const started = performance.now();
    const out = toCyrillic(text);
    const ms = performance.now() - started;
    console.log(`toCyrillic: ${text.length} chars in ${ms.toFixed(1)} ms (${Math.round(text.length / ms)} chars/ms)`);
    expect(out.length).toBeGreaterThan(90_000);
  });
});
