/**
 * Names the device of a session from its User-Agent header, as the profile's session list shows
 * it ('Chrome on Linux'). A pure function so the server stores and every client shows one name.
 */

/** What a session without a User-Agent header is called. */
export const UNKNOWN_DEVICE = 'Unknown device';

// Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari".
const BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bHeadlessChrome\//, 'Headless Chrome'],
  [/\bChrom(e|ium)\/|\bCriOS\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
  [/\bcurl\//, 'curl'],
  [/\bnode-fetch\b|\bundici\b|\bnode\b/i, 'Node.js'],
];

const SYSTEMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bLinux\b/, 'Linux'],
];

const find = (table: ReadonlyArray<readonly [RegExp, string]>, text: string) =>
  table.find(([pattern]) => pattern.test(text))?.[1];

/**
 * Describes a User-Agent header as 'Browser on System', either part alone when the other is
 * unknown, or {@link UNKNOWN_DEVICE}.
 *
 * @example
 * describeDevice('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36'); // 'Chrome on Linux'
 */
export function describeDevice(userAgent: string | null | undefined): string {
  const text = (userAgent ?? '').trim();
  if (text === '') return UNKNOWN_DEVICE;
  const browser = find(BROWSERS, text);
  const system = find(SYSTEMS, text);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? UNKNOWN_DEVICE;
}
