/**
 * Whether the rest of a word after an exception's stem is made of Uzbek suffixes only (konsert + lar +
 * ning), so that a stem never fires as the prefix of another word (konsert in konsertmeyster is not the
 * stem konsert; sirk in sirka is not цирк). Lowercase Latin with canonical apostrophes.
 */
const SUFFIXES = [
  // plural, possessive, case
  'lar',
  'imiz',
  'ingiz',
  'miz',
  'ngiz',
  'im',
  'ing',
  'si',
  'i',
  'm',
  'ng',
  'ning',
  'ni',
  'niki',
  'ga',
  'ka',
  'qa',
  'gacha',
  'da',
  'dagi',
  'dan',
  'dek',
  'day',
  'ta',
  'aro',
  // word-forming
  'li',
  'lik',
  'siz',
  'sizlik',
  'chi',
  'chilik',
  'cha',
  'gi',
  'ki',
  'iy',
  'viy',
  'simon',
  'shunos',
  'shunoslik',
  'boz',
  'xona',
  'dor',
  'kor',
  // verbs made from loans
  'la',
  'lan',
  'lash',
  'lashtir',
  'langan',
  'lagan',
  'lab',
  'sh',
  'ish',
  'moq',
  'gan',
  'adi',
  'ydi',
  'di',
  // predicate and particles
  'dir',
  'man',
  'san',
  'mi',
  'u',
  'yu',
  'ku',
  'gina',
  'kina',
  'qina',
].sort((a, b) => b.length - a.length);

const SUFFIX_CHAIN = new RegExp(`^(?:${SUFFIXES.join('|')})+$`);

export function isSuffixChain(rest: string): boolean {
  return rest === '' || SUFFIX_CHAIN.test(rest);
}
