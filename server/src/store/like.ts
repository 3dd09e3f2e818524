/** Text search in SQL: `LIKE` patterns both databases read the same way. */

/**
 * The `LIKE` pattern of "contains `text`", lower-cased, with `\` escaping the wildcards (use it
 * with `ESCAPE '\'` against a lower-cased column).
 *
 * @example
 * containsPattern('50%_Off') // '%50\\%\\_off%'
 */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
