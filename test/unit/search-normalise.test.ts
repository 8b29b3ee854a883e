import { describe, expect, it } from 'vitest';
import { normalise, tokens } from '../../server/search/normalise';

/** Real Uzbek words in Cyrillic and in Latin: each pair must meet in one comparable form. */
const PAIRS: Array<[cyrillic: string, latin: string]> = [
  ['ўқув', "o'quv"],
  ['ўқитувчи', 'oʻqituvchi'],
  ['ғалаба', "g'alaba"],
  ['ғўза', 'gʻoʻza'],
  ['шаҳар', 'shahar'],
  ['чорва', 'chorva'],
  ['янги', 'yangi'],
  ['ёшлар', 'yoshlar'],
  ['юлдуз', 'yulduz'],
  ['тонг', 'tong'],
  ['қишлоқ', 'qishloq'],
  ['ҳамкорлик', 'hamkorlik'],
  ['хабар', 'xabar'],
  ['жамият', 'jamiyat'],
  ['ер', 'yer'],
  ['поезд', 'poyezd'],
  ['кема', 'kema'],
  ['лицей', 'litsey'],
  ['цирк', 'sirk'],
  ['маълумот', "ma'lumot"],
  ['эълон', "e'lon"],
  ['мўъжиза', "mo'jiza"],
  ['Исҳоқ', "Is'hoq"],
  ['объект', 'obyekt'],
  ['Ўзбекистон', 'O‘zbekiston'],
  ['Тошкент', 'TOSHKENT'],
  ['ТАЪЛИМ', "ta'lim"],
];

describe('normalise: Uzbek Cyrillic and Latin meet in one form', () => {
  for (const [cyrillic, latin] of PAIRS) {
    it(`'${cyrillic}' ↔ '${latin}'`, () => {
      expect(normalise(cyrillic)).toBe(normalise(latin));
      // Both directions: the form is a fixed point, so normalising either side again changes nothing.
      expect(normalise(normalise(latin))).toBe(normalise(cyrillic));
    });
  }

  it('keeps ў/oʻ and ғ/gʻ apart from plain o and g', () => {
    expect(normalise("o'quv")).not.toBe(normalise('oquv'));
    expect(normalise('ғалаба')).not.toBe(normalise('galaba'));
  });

  it("treats every apostrophe form as one letter mark: ' ʻ ‘ ’ ʼ ` ´", () => {
    const forms = ["o'quv", 'oʻquv', 'o‘quv', 'o’quv', 'oʼquv', 'o`quv', 'o´quv', 'ŏquv'];
    expect(new Set(forms.map((form) => normalise(form)))).toEqual(new Set([normalise('ўқув')]));
    expect(new Set(["g'alaba", 'gʻalaba', 'g’alaba', 'g`alaba', 'ğalaba'].map((form) => normalise(form)))).toEqual(new Set([normalise('ғалаба')]));
  });

  it('folds case and diacritics', () => {
    expect(normalise('ÜNIVERSITET')).toBe(normalise('universitet'));
    expect(normalise('Café')).toBe('cafe');
    expect(normalise('ŞAHAR')).toBe(normalise('shahar'));
  });

  it('maps the digraphs sh, ch, ng and ё, ю, я, ц, е in both directions', () => {
    expect(normalise('шох')).toBe(normalise('shox'));
    expect(normalise('чой')).toBe(normalise('choy'));
    expect(normalise('минг')).toBe(normalise('ming'));
    expect(normalise('ёз')).toBe(normalise('yoz'));
    expect(normalise('юз')).toBe(normalise('yuz'));
    expect(normalise('ярим')).toBe(normalise('yarim'));
    expect(normalise('концерт')).toBe(normalise('konsert'));
    expect(normalise('еттинчи')).toBe(normalise('yettinchi'));
    expect(normalise('тема')).toBe(normalise('tema'));
  });

  it('keeps Russian and English prefixes prefixes of their words', () => {
    const cases: Array<[prefix: string, word: string]> = [
      ['учеб', 'учебный'],
      ['универ', 'университета'],
      ['общеж', 'общежитие'],
      ['adm', 'admission'],
      ['dormit', 'dormitory'],
      ["o'qi", "o'qituvchilar"],
      ['ўқи', "o'qituvchilar"],
    ];
    for (const [prefix, word] of cases) {
      expect(normalise(word).startsWith(normalise(prefix)), `${prefix} → ${word}`).toBe(true);
    }
  });
});

describe('tokens', () => {
  it('splits into comparable words, keeping dotted programme codes whole', () => {
    expect(tokens("Kod 603.01, 60310300; ma'lumot O‘quv-yili 2024–2025")).toEqual(['kod', '603.01', '60310300', 'malumot', 'ŏquv', 'yili', '2024', '2025']);
  });

  it('finds no words in markup-only or empty input', () => {
    expect(tokens('')).toEqual([]);
    expect(tokens('  <>/" \u0000 ')).toEqual([]);
  });
});
