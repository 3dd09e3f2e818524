/**
 * The files a form's file question accepts, by extension: one list that the form renderer
 * offers and checks before sending and the server checks on receipt (forms-dp 2.2 file
 * upload).
 */

/**
 * File types a file question accepts, by extension, with the media type a stored file gets
 * (what Google Forms offers: documents, spreadsheets, presentations, PDF, images, audio, video,
 * archives). Scriptable types (HTML, SVG, JavaScript, XML) and executables are refused: they
 * could run in a visitor's browser or machine.
 */
export const UPLOAD_TYPES: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  txt: 'text/plain',
  csv: 'text/csv',
  json: 'application/json',
  zip: 'application/zip',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  heic: 'image/heic',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
};

/** The accepted extensions, lower case without the dot, in the order of {@link UPLOAD_TYPES}. */
export const UPLOAD_EXTENSIONS: readonly string[] = Object.keys(UPLOAD_TYPES);

/**
 * Returns a file name's extension, lower case without the dot; '' when there is none (a name
 * that only starts with a dot, like `.env`, has none).
 *
 * @example
 * uploadExtensionOf('CV.Final.PDF') // 'pdf'
 */
export function uploadExtensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
}

/**
 * Returns the media type a file of this name is stored as, or undefined when its extension is
 * not accepted.
 *
 * @example
 * uploadTypeOf('photo.JPG') // 'image/jpeg'
 * uploadTypeOf('page.html') // undefined
 */
export function uploadTypeOf(fileName: string): string | undefined {
  const extension = uploadExtensionOf(fileName);
  return Object.hasOwn(UPLOAD_TYPES, extension) ? UPLOAD_TYPES[extension] : undefined;
}

/**
 * Says why a file of this name is not accepted, or undefined when its extension is.
 *
 * @example
 * refusedExtensionMessage('cv.exe') // '.exe files are not accepted.'
 */
export function refusedExtensionMessage(fileName: string): string | undefined {
  if (uploadTypeOf(fileName)) return undefined;
  const extension = uploadExtensionOf(fileName);
  return extension ? `.${extension} files are not accepted.` : 'Files without an extension are not accepted.';
}
