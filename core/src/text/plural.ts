/**
 * Counting things in words: '1 item', '2 items', '0 items'. The one place a screen or a message
 * says a count with its noun (English: the singular for exactly one, else the plural).
 */

/**
 * `count` with its noun, singular for exactly 1; `plural` defaults to the noun with an 's'.
 *
 * @example countText(1, 'item') // '1 item'
 * @example countText(3, 'entry', 'entries') // '3 entries'
 */
export function countText(count: number, noun: string, plural = `${noun}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? noun : plural}`;
}
