/**
 * Removing a run of one character from the end of a text, in one backward scan. The regular
 * expression it replaces (`text.replace(/\/+$/, '')`) is quadratic on a long run that does not
 * end the text — '/' × 100,000 then 'a' holds the event loop for tens of seconds — and the texts
 * trimmed this way (an app's base URL, an OAuth server's instance URL, a service's error
 * message) come from users or remote servers.
 */

/**
 * `text` without the run of `char` at its end.
 *
 * @example withoutTrailing('https://api.example.com//', '/') // 'https://api.example.com'
 * @example withoutTrailing('Wrong key...', '.') // 'Wrong key'
 */
export function withoutTrailing(text: string, char: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === char) end -= 1;
  return end === text.length ? text : text.slice(0, end);
}
