/**
 * Interface words of the Cyrillic dictionary where the transliterator is not enough, by key path
 * (the path of shared/i18n/uz.ts, arrays by index). scripts/generate-uz-cyrl-dict.mjs uses these
 * instead of its own output.
 */
export const DICTIONARY_OVERRIDES: Readonly<Record<string, string>> = {
  // The uz dictionary shows this one in English too: React Router's own error title.
  'errors.title': 'Unexpected Application Error!',
  // The example shows the same word in both scripts; transliterated, both halves would be Cyrillic.
  'search.hint':
    'Янгиликлар, мақолалар, факультетлар, ходимлар, таълим йўналишлари, вакансиялар ва саҳифалар бўйича қидиринг. Лотин ёки кирилл ёзувида ёзишингиз мумкин: «oʻquv» ва «ўқув» бир хил топилади.',
};
