/**
 * Whether the rest of a word after an exception's stem is a real chain of Uzbek suffixes (konsert + lar
 * + ning), so that a stem never fires as the beginning of another word (konsert in konsertmeyster is not
 * the stem konsert; sirk in sirka is not цирк; mer in merganlarga is not мэр: a noun takes no -gan).
 * Lowercase Latin with canonical apostrophes.
 *
 * A chain is read as the word's grammar allows, an automaton over what the word is so far: a noun takes
 * word-forming suffixes, the plural, a possessive, a case and particles, in that order; the suffixes that
 * make a verb of it (-la, -lash…) let verb endings follow (-gan, -moq, -adi, -sa). Reading is done once
 * per word, from its end, over a trie of the suffixes: the work is the word's length times the longest
 * suffix's, never its square.
 */

/** What the word is after a suffix: one bit each, so that a set of them is a number. */
export const NOUN = 1;
const VERB = 2;
const PLURAL = 4;
const POSSESSED = 8;
const IN_CASE = 16;
const ENDED = 32;
const ANY = NOUN | VERB | PLURAL | POSSESSED | IN_CASE | ENDED;
export const NOUN_OR_VERB = NOUN | VERB;

interface Rule {
  readonly suffixes: readonly string[];
  /** The states this suffix may follow. */
  readonly after: number;
  readonly to: number;
}

const RULES: readonly Rule[] = [
  // word-forming: a noun or adjective from a noun
  {
    suffixes: [
      ...['li', 'lik', 'siz', 'sizlik', 'chi', 'chilik', 'cha', 'iy', 'viy', 'simon', 'shunos', 'shunoslik', 'boz', 'xona', 'dor', 'kor'],
      ...['sevar', 'parast', 'soz', 'sifat'],
    ],
    after: NOUN,
    to: NOUN,
  },
  { suffixes: ['aro'], after: NOUN | PLURAL, to: NOUN },
  // verbs made from nouns, and what follows a verb
  { suffixes: ['la', 'lan', 'lash', 'lashtir', 'sira'], after: NOUN, to: VERB },
  { suffixes: ['lagan', 'langan'], after: NOUN, to: NOUN },
  { suffixes: ['lab'], after: NOUN, to: ENDED },
  { suffixes: ['il', 'in', 'n', 'tir', 'dir', 'ish', 'sh', 'ma'], after: VERB, to: VERB },
  { suffixes: ['sh', 'ish', 'gan', 'moq', 'uvchi', 'vchi'], after: VERB, to: NOUN },
  { suffixes: ['adi', 'ydi', 'di', 'a', 'y', 'ib', 'b', 'yapti', 'sa', 'sin'], after: VERB, to: ENDED },
  // the person of a verb (-dim, -sak, -sangiz)
  { suffixes: ['m', 'ng', 'k', 'ngiz', 'miz', 'man', 'san', 'siz'], after: ENDED, to: ENDED },
  // plural, possessive, case
  { suffixes: ['lar'], after: NOUN, to: PLURAL },
  { suffixes: ['imiz', 'ingiz', 'miz', 'ngiz', 'im', 'ing', 'si', 'i', 'm', 'ng'], after: NOUN | PLURAL, to: POSSESSED },
  { suffixes: ['ning', 'ni', 'ga', 'ka', 'qa', 'gacha', 'da', 'dan', 'dek', 'day', 'ta'], after: NOUN | PLURAL | POSSESSED, to: IN_CASE },
  // -dagi, -niki, -gi, -ki make a word that takes suffixes again (uydagilar)
  { suffixes: ['dagi', 'niki', 'gi', 'ki'], after: NOUN | PLURAL | POSSESSED | IN_CASE, to: NOUN },
  // predicate endings and particles, after anything
  { suffixes: ['dir', 'man', 'san', 'mi', 'u', 'yu', 'ku', 'gina', 'kina', 'qina'], after: ANY, to: ENDED },
  { suffixes: ['lar'], after: ENDED, to: ENDED },
];

/** A trie of the suffixes; a node where a suffix ends holds what it may follow and what it makes. */
interface Node {
  readonly next: Map<string, Node>;
  readonly rules: { after: number; to: number }[];
}

const TRIE: Node = { next: new Map(), rules: [] };
for (const { suffixes, after, to } of RULES) {
  for (const suffix of suffixes) {
    let node = TRIE;
    for (const letter of suffix) {
      let child = node.next.get(letter);
      if (!child) node.next.set(letter, (child = { next: new Map(), rules: [] }));
      node = child;
    }
    node.rules.push({ after, to });
  }
}

/**
 * For each index of `word`, the set of states from which the rest of it from there is a chain of
 * suffixes (the end itself is the empty chain, from any state).
 */
function chainStates(word: string): Uint8Array {
  const states = new Uint8Array(word.length + 1);
  states[word.length] = ANY;
  for (let start = word.length - 1; start >= 0; start--) {
    let node: Node | undefined = TRIE;
    for (let at = start; at < word.length && (node = node.next.get(word[at]!)); at++) {
      for (const { after, to } of node.rules) if (states[at + 1]! & to) states[start] = states[start]! | after;
    }
  }
  return states;
}

/**
 * Whether the rest of `word` from an index is a chain of suffixes after a word that is one of `what`
 * (NOUN for the stems of the exception lists). Worked out once per word, asked at any index.
 */
export function suffixChains(word: string, what: number = NOUN): (from: number) => boolean {
  const states = chainStates(word);
  return (from) => (states[from]! & what) !== 0;
}
