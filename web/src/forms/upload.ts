/**
 * Uploads one file for a file question with real progress: an XMLHttpRequest whose upload
 * progress events report the bytes actually sent (forms-dp 4; the old product faked +5
 * every 200 ms). The body is the raw file, its name in `?filename=`. A failure is worded by
 * core's message table, as every API failure is.
 */
import {
  type ApiError,
  createNetworkError,
  createResponseError,
  refusedExtensionMessage,
  UPLOAD_EXTENSIONS,
} from '@junction/core';
import { failureText } from '../stores/api-failure.js';

/** What a finished upload answers: the stored file's URL for '{question}_{n}'. */
export interface UploadedFile {
  url: string;
  key: string;
}

/** A running upload. */
export interface UploadHandle {
  /** Resolves with the stored file, or rejects with an Error whose message is for the visitor. */
  done: Promise<UploadedFile>;
  /** Stops the upload; `done` rejects with an AbortError. */
  abort(): void;
}

/** The smallest XMLHttpRequest surface the upload uses; injected so tests pass a fake. */
export type XhrFactory = () => XMLHttpRequest;

/** Largest file the server takes by default (its 5 MB body limit); checked before sending. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** Extensions the server accepts: core's one list (forms/upload-types). */
export const ACCEPTED_EXTENSIONS: readonly string[] = UPLOAD_EXTENSIONS;

/**
 * Checks a file before it is sent; answers a message for the visitor, or null when it may go.
 *
 * @example
 * checkFileBeforeUpload({ name: 'cv.exe', size: 10 }) // '.exe files are not accepted.'
 */
export function checkFileBeforeUpload(
  file: { name: string; size: number },
  maxBytes = MAX_UPLOAD_BYTES,
): string | null {
  const refused = refusedExtensionMessage(file.name);
  if (refused) return refused;
  if (file.size === 0) return 'The file is empty.';
  if (file.size > maxBytes) return `The file is larger than ${Math.round(maxBytes / (1024 * 1024))} MB.`;
  return null;
}

/** Reads a failed upload's answer as the client's `ApiError` would (its Problem body, else its status). */
function failureOf(xhr: XMLHttpRequest): ApiError {
  let body: unknown = xhr.responseText;
  try {
    body = JSON.parse(xhr.responseText);
  } catch {
    // Not JSON: the status names the problem.
  }
  return createResponseError(body, {
    status: xhr.status,
    statusText: xhr.statusText,
    headers: { get: (name) => xhr.getResponseHeader(name) },
  });
}

/**
 * Starts uploading `file` to a form; `onProgress` gets 0–100 as bytes are sent.
 *
 * @example
 * const { done } = uploadFormFile({ formId, question: 'Your CV', file, onProgress: setPercent });
 * const { url } = await done;
 */
export function uploadFormFile(options: {
  formId: string;
  /** The file question the file answers. */
  question: string;
  file: File;
  onProgress: (percent: number) => void;
  baseUrl?: string;
  createXhr?: XhrFactory;
}): UploadHandle {
  const xhr = (options.createXhr ?? (() => new XMLHttpRequest()))();
  const url = `${options.baseUrl ?? ''}/api/public/forms/${encodeURIComponent(options.formId)}/uploads?filename=${encodeURIComponent(options.file.name)}&question=${encodeURIComponent(options.question)}`;
  const done = new Promise<UploadedFile>((resolve, reject) => {
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress(Math.round((event.loaded / event.total) * 100));
    });
    xhr.addEventListener('load', () => {
      if (xhr.status === 201) {
        options.onProgress(100);
        resolve(JSON.parse(xhr.responseText) as UploadedFile);
      } else reject(new Error(failureText(failureOf(xhr), 'The upload failed.')));
    });
    xhr.addEventListener('error', () => reject(new Error(failureText(createNetworkError(new Error('upload'))))));
    xhr.addEventListener('abort', () => reject(new DOMException('The upload was cancelled.', 'AbortError')));
  });
  xhr.open('POST', url);
  xhr.setRequestHeader('Content-Type', options.file.type || 'application/octet-stream');
  xhr.send(options.file);
  return { done, abort: () => xhr.abort() };
}
