/**
 * The classes of spelling a reader of the uz-cyrl rendition notices (issue 45), each with the issue's
 * examples and more of the same kind: a word in, the Cyrillic a reader expects out.
 */
import { describe, expect, it } from 'vitest';
import { cyrillicText } from '../../shared/cyrillic';
import { formatDate, formatUzDate } from '../../shared/format';

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

  it('keeps a Roman numeral of one letter before a hyphen and a word (I-kurs), not a letter of a group or a vitamin', () => {
    expectEach([
      ['I-kurs', 'I-курс'],
      ['V-bob', 'V-боб'],
      ['X-sinf', 'X-синф'],
      ['I-bosqichda', 'I-босқичда'],
      ['A-guruh', 'А-гуруҳ'],
      ['D-vitamin', 'Д-витамин'],
      ['I. Karimov', 'И. Каримов'],
    ]);
  });

  it('keeps I standing alone as a numeral, but not an initial, which a dot follows, nor the volt', () => {
    expect(cyrillicText('I–IV kurs talabalari, I va II bosqich, 220 V')).toBe('I–IV курс талабалари, I ва II босқич, 220 В');
    expect(cyrillicText('I. Karimov, Karimov I.A., A.I.Karimov')).toBe('И. Каримов, Каримов И.А., А.И.Каримов');
  });

  it('does so inside a sentence', () => {
    expect(cyrillicText('AQSHdagi OTMlarga hujjat topshirish BMTning dasturi bilan')).toBe('АҚШдаги ОТМларга ҳужжат топшириш БМТнинг дастури билан');
  });
});

describe('Latin-script names and codes stay Latin', () => {
  it('keeps the issue’s names and codes as written, and transliterates the Uzbek around them', () => {
    expect(cyrillicText('Node.js va Python, C++ va .NET kurslari')).toBe('Node.js ва Python, C++ ва .NET курслари');
    expect(cyrillicText('IELTS yoki CEFR boʻyicha B2 darajasi, Coursera va MS Teams orqali')).toBe(
      'IELTS ёки CEFR бўйича B2 даражаси, Coursera ва MS Teams орқали',
    );
    expect(cyrillicText('ID: AB12345, rasm.JPG')).toBe('ID: AB12345, rasm.JPG');
  });

  it('keeps tokens of letters and digits, and capitals after digits; small letters after digits are suffixes', () => {
    expectEach([
      ['C1 va A2', 'C1 ва A2'],
      ['MP3 fayl', 'MP3 файл'],
      ['3D printer', '3D принтер'],
      ['5G tarmogʻi', '5G тармоғи'],
      ['10ta talaba', '10та талаба'],
      ['2025-yil', '2025-йил'],
    ]);
  });

  it('keeps file names with a known extension', () => {
    expectEach([
      ['hisobot.pdf', 'hisobot.pdf'],
      ['Ariza_shakli.DOCX yuklang', 'Ariza_shakli.DOCX юкланг'],
      ['Vue.js bilan', 'Vue.js билан'],
    ]);
  });

  it('keeps words with letters the Uzbek alphabet has not (c other than in ch, w) and brand-shaped names', () => {
    expectEach([
      ['Windows va Microsoft Word', 'Windows ва Microsoft Word'],
      ['CodeOrbit jamoasi', 'CodeOrbit жамоаси'],
      ['iOS va eSIM', 'iOS ва eSIM'],
      ['COVID-19', 'COVID-19'],
      ['choy', 'чой'],
    ]);
  });

  it('writes the Uzbek suffixes of a kept name in Cyrillic, after an apostrophe or written on', () => {
    expectEach([
      ["Coursera'dan", "Coursera'дан"],
      ['CEFRga', 'CEFRга'],
      ['IELTSdan', 'IELTSдан'],
      ['IT-park', 'IT-парк'],
    ]);
  });

  it('keeps a capitalised kept name with suffixes written on, its suffixes in Cyrillic, never cutting an Uzbek word', () => {
    expectEach([
      ['Telegramda', 'Telegramда'],
      ['Zoomda', 'Zoomда'],
      ['Googlening', 'Googleнинг'],
      ['Facebookdagi', 'Facebookдаги'],
      ['Pythonda', 'Pythonда'],
      ['Moodle tizimida', 'Moodle тизимида'],
      ['Tabiat', 'Табиат'],
      ['Tabiiy', 'Табиий'],
      ['Greklar', 'Греклар'],
      ['Intellekt', 'Интеллект'],
      ['Gitara', 'Гитара'],
    ]);
  });

  it('keeps a capitals-only name only in capitals: in small letters it is an Uzbek word', () => {
    expectEach([
      ['IT sohasi', 'IT соҳаси'],
      ['it va mushuk', 'ит ва мушук'],
    ]);
  });

  it('keeps a name whose capitalised part runs into a kept one (MySQL, AutoCAD), its suffixes in Cyrillic', () => {
    expectEach([
      ['MySQL', 'MySQL'],
      ['PostgreSQLga', 'PostgreSQLга'],
      ['AutoCAD dasturi', 'AutoCAD дастури'],
      ['ToshDU', 'ТошДУ'],
      ['OʻzMUda', 'ЎзМУда'],
    ]);
  });

  it('keeps e-mail, and names of publishers and platforms a university names every day', () => {
    expectEach([
      ['E-mail: info@ztu.uz', 'E-mail: info@ztu.uz'],
      ['e-mail manzili', 'e-mail манзили'],
      ['Elsevier va Springer jurnallari', 'Elsevier ва Springer журналлари'],
      ['LMS tizimi, STEAM taʼlimi', 'LMS тизими, STEAM таълими'],
    ]);
  });

  it('writes units with a prefix in small letters in Cyrillic (kVt), not as a brand like iOS', () => {
    expectEach([
      ['500 kVt quvvat', '500 кВт қувват'],
      ['10 kV, 5 mA, 220 V', '10 кВ, 5 мА, 220 В'],
      ['2,4 GGts, 50 Gts, 100 kGts', '2,4 ГГц, 50 Гц, 100 кГц'],
      ['15 MPa, 101 kPa, 20 MVt', '15 МПа, 101 кПа, 20 МВт'],
      ['iOS, eSIM, myID', 'iOS, eSIM, myID'],
    ]);
  });

  it('keeps words the Uzbek alphabet cannot spell: sch at the start, y between consonants or after one at the end', () => {
    expectEach([
      ['Google Scholar', 'Google Scholar'],
      ['Schneider Electric', 'Schneider Electric'],
      ['Sony va Lynn', 'Sony ва Lynn'],
      ['Emily Tyler', 'Emily Tyler'],
      ['Harry Potter', 'Harry Поттер'],
      ['ruscha', 'русча'],
      ['tayyor', 'тайёр'],
      ['kompyuter', 'компьютер'],
      ['YTT', 'ЙТТ'],
    ]);
  });

  it('lets the names file win over the letters rule: Rheinwald is written in Cyrillic', () => {
    expect(cyrillicText('Rheinwald universiteti')).toBe('Рейнвальд университети');
  });
});

describe('exceptions match whole words or a stem and a real chain of suffixes, never any beginning', () => {
  it('does not read mer (мэр) into merganlarga: a noun takes no -gan', () => {
    expectEach([
      ['merganlarga', 'мерганларга'],
      ['mergan', 'мерган'],
      ['mer', 'мэр'],
      ['merlar', 'мэрлар'],
      ['merning', 'мэрнинг'],
    ]);
  });

  it('reads the suffixes in the order the grammar has them, verbs made from a stem included', () => {
    expectEach([
      ['konsertlardagi', 'концертлардаги'],
      ['konsertlashtirildi', 'концертлаштирилди'],
      ['konsertlashyapti', 'концертлашяпти'],
      ['fakultetlararo', 'факультетлараро'],
    ]);
  });

  it('keeps the name Sent apart from sent, the coin', () => {
    expectEach([
      ['Sent', 'Сент'],
      ['sent', 'цент'],
      ['sentlar', 'центлар'],
      ['Sent-Kits va Nevis', 'Сент-Китс ва Невис'],
    ]);
  });
});

describe('ь, ц, ъ and е in loanwords and names', () => {
  it('writes the issue’s words as Uzbek Cyrillic spells them', () => {
    expectEach([
      ['Vyetnam', 'Вьетнам'],
      ['premyera', 'премьера'],
      ['Malta', 'Мальта'],
      ['Polsha', 'Польша'],
      ['Shveytsariya', 'Швейцария'],
      ['tsenzura', 'цензура'],
      ['moʻjiza', 'мўъжиза'],
      ['Isʼhoq', 'Исъҳоқ'],
    ]);
  });

  it('writes ts as ц at a word’s start and before a vowel where no Uzbek suffix begins, and keeps t-s where one does', () => {
    expectEach([
      ['tsement', 'цемент'],
      ['meditsina', 'медицина'],
      ['dotsent', 'доцент'],
      ['Gertsegovina', 'Герцеговина'],
      ['vitse-prezident', 'вице-президент'],
      ['aytsa', 'айтса'],
      ['ketsin', 'кетсин'],
      ['aytsangiz', 'айтсангиз'],
      ['hayotsiz', 'ҳаётсиз'],
      ['adabiyotsevar', 'адабиётсевар'],
      ['sportsmen', 'спортсмен'],
    ]);
  });

  it('writes the s of -ksiya, -psiya and -ksion as ц, and leaves other -siya and -ksi alone', () => {
    expectEach([
      ['opsiya', 'опция'],
      ['reaksiya', 'реакция'],
      ['korrupsiya', 'коррупция'],
      ['reaksion', 'реакцион'],
      ['versiya', 'версия'],
      ['pensiya', 'пенсия'],
      ['taksi', 'такси'],
    ]);
  });

  it('writes e after i as е: Russian loans have ие, never иэ, whether or not the Latin writes the y', () => {
    expectEach([
      ['abiturient', 'абитуриент'],
      ['Abiturientlarga', 'Абитуриентларга'],
      ['abituriyent', 'абитуриент'],
      ['klient', 'клиент'],
      ['orientir', 'ориентир'],
      ['koeffitsient', 'коэффициент'],
      ['gigiena', 'гигиена'],
      ['ierarxiya', 'иерархия'],
      ['Aliev', 'Алиев'],
      ['poeziya', 'поэзия'],
      ['duel', 'дуэль'],
      ['maestro', 'маэстро'],
      ['antiepitsentr', 'антиэпицентр'],
    ]);
  });

  it('writes ts at the end of a word in small letters, and before suffixes that begin with a consonant, as ц; names and abbreviations keep тс', () => {
    expectEach([
      ['nemets', 'немец'],
      ['shprits', 'шприц'],
      ['kvarts', 'кварц'],
      ['kvartslar', 'кварцлар'],
      ['kvartsning', 'кварцнинг'],
      ['gerts', 'герц'],
      ['kilogerts', 'килогерц'],
      ['Sent-Kits', 'Сент-Китс'],
      ['sportsmen', 'спортсмен'],
      ['Irkutsk', 'Иркутск'],
      ['aytsa', 'айтса'],
      ['hayotsiz', 'ҳаётсиз'],
      ['ATS', 'АТС'],
      ['MTSga', 'МТСга'],
    ]);
  });

  it('reads a tutuq belgisi (ʼ) at the end of a word as ъ, but keeps a closing quotation mark', () => {
    expectEach([
      ['mavqeʼ', 'мавқеъ'],
      ['voqeʼ', 'воқеъ'],
      ['jamʼ', 'жамъ'],
      ['‘kitob’', '‘китоб’'],
      ["'kitob'", "'китоб'"],
      ['‘soʻz’', '‘сўз’'],
    ]);
  });

  it('reads the letter mark of oʻ and a tutuq after it as ў and ъ (moʻʼjiza), and keeps a quotation mark after gʻ', () => {
    expectEach([
      ['moʻʼjiza', 'мўъжиза'],
      ["mo'‘jiza", 'мўъжиза'],
      ['‘togʻ’', '‘тоғ’'],
      ["'togʻ' emas", "'тоғ' эмас"],
    ]);
  });

  it('writes ye after a consonant as ье and yon after l or n as ьон, but not before a suffix', () => {
    expectEach([
      ['Syerra-Leone', 'Сьерра-Леоне'],
      ['premyer', 'премьер'],
      ['obyekt', 'объект'],
      ['qayerda', 'қаерда'],
      ['pavilyon', 'павильон'],
      ['kanyonda', 'каньонда'],
      ['dunyoning', 'дунёнинг'],
    ]);
  });

  it('spells names whose ь the Latin does not show by the names file, in capitals only', () => {
    expectEach([
      ['Natalya', 'Наталья'],
      ['Nyu-York', 'Нью-Йорк'],
      ['Santyago', 'Сантьяго'],
      ['moʻtabar', 'мўътабар'],
    ]);
  });

  it('keeps the apostrophe of a French elision before a capital, and reads the name after it', () => {
    expectEach([
      ['Kot-d’Ivuar', 'Кот-д’Ивуар'],
      ["Kot-d'Ivuar", "Кот-д'Ивуар"],
    ]);
  });
});

describe('one spelling for each month, in dates and in text', () => {
  const months = Array.from({ length: 12 }, (_, index) => `2026-${String(index + 1).padStart(2, '0')}-15`);

  it('spells the month of a uz-cyrl date as the rendition’s text does (сентябрь, not ICU’s сентябр)', () => {
    for (const day of months) {
      const latinMonth = /^15-(\p{L}+), 2026$/u.exec(formatDate(day, 'uz')!)![1]!;
      expect(formatDate(day, 'uz-cyrl')).toBe(`15 ${cyrillicText(latinMonth)}, 2026`);
    }
    expect(formatDate('2026-09-15', 'uz-cyrl')).toBe('15 сентябрь, 2026');
    expect(cyrillicText('15-sentabr kuni')).toBe('15-сентябрь куни');
  });

  it('does so for the Uzbek-only dates too, and leaves the other languages’ dates to ICU', () => {
    expect(formatUzDate('2026-06-01', 'uz-cyrl')).toBe('1 июнь, 2026');
    expect(formatDate('2026-06-01', 'ru')).toBe('1 июня 2026 г.');
  });
});

describe('what is written as code stays as written', () => {
  it('keeps mailto: and tel: addresses, and mailto: on its own, but writes the label Tel: in Cyrillic', () => {
    expectEach([
      ['Yozing: mailto:info@ztu.uz yoki tel:+998662330000', 'Ёзинг: mailto:info@ztu.uz ёки tel:+998662330000'],
      ['mailto: manzilini yozing', 'mailto: манзилини ёзинг'],
      ['Tel: +998 66 233-00-00', 'Тел: +998 66 233-00-00'],
    ]);
  });

  it('keeps character references and tags written as text, the tag’s name included', () => {
    expectEach([
      ['&lt;b&gt; tegi', '&lt;b&gt; теги'],
      ['&lt;/p&gt; bilan yopiladi', '&lt;/p&gt; билан ёпилади'],
      ['<b>qalin</b> matn', '<b>қалин</b> матн'],
      ['&amp; va &#171;soʻz&#187;', '&amp; ва &#171;сўз&#187;'],
    ]);
  });
});
