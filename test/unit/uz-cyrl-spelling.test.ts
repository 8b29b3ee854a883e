/**
 * The classes of spelling a reader of the uz-cyrl rendition notices (issue 45), each with the issue's
 * examples and more of the same kind: a word in, the Cyrillic a reader expects out.
 */
import { describe, expect, it } from 'vitest';
import { cyrillicText } from '../../shared/cyrillic';

function expectEach(cases: [latin: string, cyrillic: string][]): void {
  expect(cases.map(([latin]) => [latin, cyrillicText(latin)])).toEqual(cases);
}

describe('abbreviations keep their capitals, with Uzbek suffixes written on', () => {
  it('writes the abbreviation in capitals and its suffixes in small letters', () => {
    expectEach([
      ['AQSHda', 'АҚШда'],
      ['BMTning', 'БМТнинг'],
      ['OTMlarga', 'ОТМларга'],
      ['AQShda', 'АҚШда'],
      ['AQSh', 'АҚШ'],
      ['ZTUning', 'ЗТУнинг'],
      ['DTMdan', 'ДТМдан'],
      ['TOSHKENTda', 'ТОШКЕНТда'],
      ['YeIga', 'ЕИга'],
    ]);
  });

  it('keeps each part of a name made of a word and an abbreviation in its own case', () => {
    expectEach([
      ['OʻzMU', 'ЎзМУ'],
      ['ToshDU', 'ТошДУ'],
      ['SamDChTI', 'СамДЧТИ'],
      ['OʻzA', 'ЎзА'],
    ]);
  });

  it('leaves words in one case as they were: small, capitalised, all capitals', () => {
    expectEach([
      ['shahar', 'шаҳар'],
      ['Shahar', 'Шаҳар'],
      ['SHAHAR', 'ШАҲАР'],
      ['Oʻzbekiston', 'Ўзбекистон'],
      ['OʻZBEKISTON', 'ЎЗБЕКИСТОН'],
    ]);
  });

  it('keeps Roman numerals in Latin letters, as Uzbek Cyrillic writes them, but not initials or abbreviations', () => {
    expect(cyrillicText('XXI asr, XIX-asr, IV xalqaro konferensiya, II bosqich')).toBe('XXI аср, XIX-аср, IV халқаро конференция, II босқич');
    expect(cyrillicText('I. Karimov, F.I.Sh., IIV, MDH')).toBe('И. Каримов, Ф.И.Ш., ИИВ, МДҲ');
  });

  it('does so inside a sentence', () => {
    expect(cyrillicText('AQSHdagi OTMlarga hujjat topshirish BMTning dasturi bilan')).toBe('АҚШдаги ОТМларга ҳужжат топшириш БМТнинг дастури билан');
  });
});
