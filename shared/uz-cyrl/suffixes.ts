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
];

/** The suffixes as a trie of letters: reading one from an index costs at most the longest suffix's length. */
interface Node {
  readonly next: Map<string, Node>;
  ends: boolean;
}

const TRIE: Node = { next: new Map(), ends: false };
for (const suffix of SUFFIXES) {
  let node = TRIE;
  for (const letter of suffix) {
    let child = node.next.get(letter);
    if (!child) node.next.set(letter, (child = { next: new Map(), ends: false }));
    node = child;
  }
  node.ends = true;
}

/**
 * For each index of `word`, whether the rest of it from there is a chain of suffixes (the end itself
 * is the empty chain): worked out once from the end backwards, so that asking at every index of a word
 * costs the word's length times the longest suffix's, never its square.
 */
export function suffixChains(word: string): (from: number) => boolean {
  const chain = new Uint8Array(word.length + 1);
  chain[word.length] = 1;
  for (let start = word.length - 1; start >= 0; start--) {
    let node: Node | undefined = TRIE;
    for (let at = start; at < word.length && (node = node.next.get(word[at]!)); at++) {
      if (node.ends && chain[at + 1]) {
        chain[start] = 1;
        break;
      }
    }
  }
  return (from) => chain[from] === 1;
}
