/**
 * Proper names whose Cyrillic spelling the rules would get wrong, and the university's own name. They
 * match words written with a capital (Sent, SENT; sent is the coin, цент), as whole words or stems
 * (Rheinwaldning → Рейнвальднинг), and override the exception lists and the rule that a word with c or
 * w stays Latin.
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
  // Saint in names of places (Sent-Kits, Sent-Luis), not the coin
  ['Sent', 'Сент'],
  // places and people of the news whose ь, ц or й the Latin spelling does not show
  ['Malta', 'Мальта'],
  ['Polsha', 'Польша'],
  ['Belarus', 'Беларусь'],
  ['Stokgolm', 'Стокгольм'],
  ['Xelsinki', 'Хельсинки'],
  ['Vilnyus', 'Вильнюс'],
  ['Bryussel', 'Брюссель'],
  ['Kyoln', 'Кёльн'],
  ['Syurix', 'Цюрих'],
  ['Melburn', 'Мельбурн'],
  ['Nyu', 'Нью'],
  ['York', 'Йорк'],
  ['Olga', 'Ольга'],
  ['Igor', 'Игорь'],
  ['Ilya', 'Илья'],
  ['Natalya', 'Наталья'],
  ['Tatyana', 'Татьяна'],
  ['Darya', 'Дарья'],
  ['Sofya', 'Софья'],
  ['Santyago', 'Сантьяго'],
  ['Nyuton', 'Ньютон'],
];
