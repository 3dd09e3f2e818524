import { describe, expect, it } from 'vitest';
import { checkFileBeforeUpload, uploadFormFile } from './upload.js';

type Listener = (event: { lengthComputable?: boolean; loaded?: number; total?: number }) => void;

/** A scripted XMLHttpRequest: the test fires its progress, load and error events. */
function fakeXhr() {
  const listeners: Record<string, Listener[]> = {};
  const uploadListeners: Record<string, Listener[]> = {};
  const on = (map: Record<string, Listener[]>) => (type: string, fn: Listener) => {
    map[type] = [...(map[type] ?? []), fn];
  };
  const xhr = {
    status: 0,
    responseText: '',
    opened: [] as string[],
    headers: {} as Record<string, string>,
    sent: undefined as unknown,
    upload: { addEventListener: on(uploadListeners) },
    addEventListener: on(listeners),
    open(method: string, url: string) {
      xhr.opened = [method, url];
    },
    getResponseHeader: (_name: string): string | null => null,
    setRequestHeader(name: string, value: string) {
      xhr.headers[name] = value;
    },
    send(body: unknown) {
      xhr.sent = body;
    },
    abort() {
      for (const fn of listeners.abort ?? []) fn({});
    },
    progress(loaded: number, total: number) {
      for (const fn of uploadListeners.progress ?? []) fn({ lengthComputable: true, loaded, total });
    },
    finish(status: number, body: unknown) {
      xhr.status = status;
      xhr.responseText = JSON.stringify(body);
      for (const fn of listeners.load ?? []) fn({});
    },
  };
  return xhr;
}

describe('uploadFormFile', () => {
  it('sends the raw file with its name and reports the progress the upload itself reports', async () => {
    const xhr = fakeXhr();
    const seen: number[] = [];
    const file = new File(['hello world'], 'my cv.pdf', { type: 'application/pdf' });
    const { done } = uploadFormFile({
      formId: 'f 1',
      question: 'Your CV',
      file,
      onProgress: (p) => seen.push(p),
      createXhr: () => xhr as unknown as XMLHttpRequest,
    });
    expect(xhr.opened).toEqual(['POST', '/api/public/forms/f%201/uploads?filename=my%20cv.pdf&question=Your%20CV']);
    expect(xhr.headers).toEqual({ 'Content-Type': 'application/pdf' });
    expect(xhr.sent).toBe(file);
    xhr.progress(3, 11);
    xhr.progress(11, 11);
    xhr.finish(201, { url: 'http://x/api/public/files/k1', key: 'k1' });
    await expect(done).resolves.toEqual({ url: 'http://x/api/public/files/k1', key: 'k1' });
    expect(seen).toEqual([27, 100, 100]);
  });

  it("rejects with the server's message", async () => {
    const xhr = fakeXhr();
    const { done } = uploadFormFile({
      formId: 'f',
      question: 'F',
      file: new File(['x'], 'a.exe'),
      onProgress: () => undefined,
      createXhr: () => xhr as unknown as XMLHttpRequest,
    });
    expect(xhr.headers['Content-Type']).toBe('application/octet-stream');
    xhr.finish(415, {
      type: 'about:blank',
      title: 'Unsupported Media Type',
      status: 415,
      code: 'request.media_type',
      detail: '.exe files are not accepted.',
    });
    // The server's detail is shown for this code (core's message table).
    await expect(done).rejects.toThrow('The upload failed. .exe files are not accepted.');
  });
});

describe('checkFileBeforeUpload', () => {
  it('refuses unknown extensions, empty and oversized files before sending', () => {
    expect(checkFileBeforeUpload({ name: 'a.exe', size: 1 })).toBe('.exe files are not accepted.');
    expect(checkFileBeforeUpload({ name: 'passwd', size: 1 })).toBe('Files without an extension are not accepted.');
    expect(checkFileBeforeUpload({ name: 'a.pdf', size: 0 })).toBe('The file is empty.');
    expect(checkFileBeforeUpload({ name: 'a.pdf', size: 6 * 1024 * 1024 })).toBe('The file is larger than 5 MB.');
    expect(checkFileBeforeUpload({ name: 'A.PDF', size: 10 })).toBeNull();
  });
});
