/**
 * Uploaded app logos (forms-dp 3 "App Logo": an upload or a URL). The image type is read from
 * the bytes — PNG, JPEG, GIF or WebP; never SVG, which can carry script — and one logo is kept
 * per portal app (store/repos/app-icons.ts).
 */
import { createHash } from 'node:crypto';

/** The largest logo accepted. */
export const MAX_APP_ICON_BYTES = 256 * 1024;

/** The image type of `bytes` from its signature, or null when it is none of the accepted ones. */
export function imageTypeOf(bytes: Uint8Array): string | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length > 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/** The address a stored logo is served at; the version changes with the bytes, so caches never show an old one. */
export function appIconUrl(slug: string, bytes: Uint8Array): string {
  const version = createHash('sha256').update(bytes).digest('hex').slice(0, 12);
  return `/api/apps/${encodeURIComponent(slug)}/icon?v=${version}`;
}
