/**
 * Proper names whose Cyrillic spelling the rules would get wrong, and the university's own name. They
 * override the exception lists and match as whole words or stems (Rheinwaldning → Рейнвальднинг).
 */
import type { StemPair } from './stems';

export const NAMES: readonly StemPair[] = [
  // the university
  ['Zarafshon', 'Зарафшон'],
  ['ZTU', 'ЗТУ'],
  // partners and places named in the news
  ['Rheinwald', 'Рейнвальд'],
  ['Anatolia', 'Анатолия'],
  ['Hanbit', 'Ханбит'],
  ['Goethe', 'Гёте'],
];
