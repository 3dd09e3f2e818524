/**
 * The indefinite article of a noun in words: 'a contact', 'an order'. The one place a name or
 * a message picks 'a' or 'an' (English: 'an' before a vowel sound, judged from the spelling).
 */

// Vowel letters read with a consonant sound ('a user', 'a unit', 'a one-off', 'a European').
const CONSONANT_SOUNDING = /^(uni|use|usa|usu|uti|ure|uro|eu|ewe|one|once)/i;
// A silent h: the word starts with a vowel sound ('an hour', 'an honest answer').
const VOWEL_SOUNDING = /^(hour|honest|honou?r|heir)/i;

/**
 * 'a' or 'an' for `word`, as read aloud; 'a' for an empty word.
 *
 * @example indefiniteArticle('order') // 'an'
 * @example indefiniteArticle('user') // 'a'
 */
export function indefiniteArticle(word: string): 'a' | 'an' {
  const text = word.trim();
  if (VOWEL_SOUNDING.test(text)) return 'an';
  if (CONSONANT_SOUNDING.test(text)) return 'a';
  return /^[aeiou]/i.test(text) ? 'an' : 'a';
}
