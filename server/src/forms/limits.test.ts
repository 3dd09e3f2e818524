import { describe, expect, it } from 'vitest';
import { checkUploadType, cleanFileName, formatBytes, mediaTypeOf } from './limits.js';

describe('cleanFileName', () => {
  it('keeps only the last segment of a path, without traversal or control characters', () => {
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('..\\..\\windows\\win.ini')).toBe('win.ini');
    expect(cleanFileName('a"b<c>\u0000d.pdf')).toBe('abcd.pdf');
    expect(cleanFileName('...hidden.txt')).toBe('hidden.txt');
    expect(cleanFileName('../')).toBe('file');
    expect(cleanFileName('x'.repeat(300))).toHaveLength(120);
  });

  it('shortens a long name by its stem and keeps the extension, so the upload type still applies', () => {
    const name = cleanFileName(`${'a'.repeat(200)}.pdf`);
    expect(name).toBe(`${'a'.repeat(116)}.pdf`);
    expect(checkUploadType(name, 'application/pdf')).toEqual({ ok: true, contentType: 'application/pdf' });
    expect(cleanFileName(`${'b'.repeat(130)}.tar.docx`)).toBe(`${'b'.repeat(115)}.docx`);
    // An "extension" too long to be one is cut with the rest.
    expect(cleanFileName(`a.${'x'.repeat(200)}`)).toHaveLength(120);
  });
});

describe('checkUploadType', () => {
  it('takes the stored type from the extension when the browser sends none', () => {
    expect(checkUploadType('CV.PDF', '')).toEqual({ ok: true, contentType: 'application/pdf' });
    expect(checkUploadType('a.jpeg', 'application/octet-stream')).toEqual({ ok: true, contentType: 'image/jpeg' });
  });

  it('refuses scriptable and unknown types, and a type that disagrees with the name', () => {
    expect(checkUploadType('x.svg', 'image/svg+xml')).toMatchObject({ ok: false });
    expect(checkUploadType('x.exe', '')).toMatchObject({ ok: false, message: expect.stringMatching(/^\.exe files/) });
    expect(checkUploadType('x.png', 'text/html')).toMatchObject({ ok: false });
    expect(checkUploadType('x.pdf', 'application/xhtml+xml')).toMatchObject({ ok: false });
    expect(checkUploadType('x.csv', 'application/vnd.ms-excel')).toEqual({ ok: true, contentType: 'text/csv' });
    expect(checkUploadType('__proto__', '')).toMatchObject({ ok: false });
    expect(checkUploadType('a.constructor', '')).toMatchObject({ ok: false });
  });

  it('reads media types without parameters', () => {
    expect(mediaTypeOf('Text/Plain; charset=utf-8')).toBe('text/plain');
    expect(mediaTypeOf(undefined)).toBe('');
  });
});

describe('formatBytes', () => {
  it('speaks in MB, KB or bytes', () => {
    expect([formatBytes(5 * 1024 * 1024), formatBytes(1536), formatBytes(12)]).toEqual(['5 MB', '1.5 KB', '12 bytes']);
  });
});
