/**
 * Limits of public forms: which files a visitor may upload, how they are named for
 * download, and how many requests one address or one form may make (counted by
 * security/rate-limit-store.ts and security/rate-limiter.ts).
 */

import { UPLOAD_EXTENSIONS, uploadExtensionOf, uploadTypeOf } from '@junction/core';

/**
 * Sent media types that mark a disguised file (a page or script named like a document).
 * Other disagreements are common and harmless (Windows sends .csv as application/vnd.ms-excel):
 * the stored type comes from the extension anyway.
 */
const SCRIPTABLE_TYPE = /html|xml|svg|javascript|ecmascript/;

/**
 * Reads a Content-Type header down to its lower-cased media type, or '' when there is none.
 *
 * @example
 * mediaTypeOf('Text/Plain; charset=utf-8') // 'text/plain'
 */
export function mediaTypeOf(header: string | undefined): string {
  return (header ?? '').split(';')[0].trim().toLowerCase();
}

/** The outcome of checking an upload's type. */
export type UploadTypeCheck = { ok: true; contentType: string } | { ok: false; message: string };

/**
 * Decides the stored type of an upload from its file name's extension (core's one list of
 * accepted types, forms/upload-types); a sent media type that
 * marks a page or script is refused. The stored type never comes from the client's header.
 *
 * @example
 * checkUploadType('cv.pdf', 'application/pdf') // { ok: true, contentType: 'application/pdf' }
 * checkUploadType('x.html', 'text/html').ok // false
 */
export function checkUploadType(fileName: string, mediaType: string): UploadTypeCheck {
  const extension = uploadExtensionOf(fileName);
  const expected = uploadTypeOf(fileName);
  const accepted = `Accepted files: ${UPLOAD_EXTENSIONS.join(', ')}.`;
  if (!expected) {
    const what = extension ? `.${extension} files are` : 'Files without an extension are';
    return { ok: false, message: `${what} not accepted. ${accepted}` };
  }
  if (SCRIPTABLE_TYPE.test(mediaType)) {
    return { ok: false, message: `The file is named .${extension} but was sent as ${mediaType}. ${accepted}` };
  }
  return { ok: true, contentType: expected };
}

/**
 * Cleans the name a client sent into a display name for downloads: the last path segment,
 * without control characters, quotes or separators, at most 120 characters (a longer name
 * loses the end of its stem and keeps its extension); 'file' when nothing is left. It is never used as a path.
 *
 * @example
 * cleanFileName('../../etc/passwd') // 'passwd'
 */
export function cleanFileName(name: string): string {
  const last = name.split(/[\\/]/).pop() ?? '';
  const cleaned = last
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
    .replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '')
    .replace(/^\.+/, '')
    .trim();
  return shortenFileName(cleaned, MAX_FILE_NAME) || 'file';
}

/** The longest display name an upload keeps. */
const MAX_FILE_NAME = 120;

/** The longest tail after the last dot that still counts as an extension when shortening. */
const MAX_EXTENSION = 16;

/** Cuts a name to `max` characters from its stem, so the extension (which decides the type) stays. */
function shortenFileName(name: string, max: number): string {
  if (name.length <= max) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= MAX_EXTENSION + 1 ? name.slice(dot) : '';
  return name.slice(0, max - extension.length).trimEnd() + extension;
}

/** Formats a byte count for messages: '5 MB', '512 KB', '300 bytes'. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round((bytes / 1024) * 10) / 10} KB`;
  return `${bytes} bytes`;
}

/** Requests per minute on the public routes: per visitor address, and per form over all visitors. */
export const PUBLIC_RATE_LIMITS = {
  read: { perIp: 120, perForm: 2000 },
  // Generous per address: a class or an office behind one NAT may answer together.
  submit: { perIp: 60, perForm: 600 },
  upload: { perIp: 120, perForm: 1200 },
  download: { perIp: 240, perForm: 2000 },
} as const;

/** The kinds of public request that are counted. */
export type PublicAction = keyof typeof PUBLIC_RATE_LIMITS;
