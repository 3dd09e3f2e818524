import { describe, expect, it } from 'vitest';
import {
  refusedExtensionMessage,
  UPLOAD_EXTENSIONS,
  UPLOAD_TYPES,
  uploadExtensionOf,
  uploadTypeOf,
} from './upload-types.js';

describe('upload types (forms-dp 2.2)', () => {
  it('stores an accepted file under the type of its extension, whatever its case', () => {
    expect(uploadTypeOf('CV.PDF')).toBe('application/pdf');
    expect(uploadTypeOf('holiday.photo.jpeg')).toBe('image/jpeg');
    expect(refusedExtensionMessage('report.docx')).toBeUndefined();
  });

  it('refuses scriptable, executable and unnamed types with a message naming the extension', () => {
    for (const name of ['page.html', 'icon.svg', 'app.js', 'feed.xml', 'setup.exe']) {
      expect(uploadTypeOf(name)).toBeUndefined();
    }
    expect(refusedExtensionMessage('setup.exe')).toBe('.exe files are not accepted.');
    expect(refusedExtensionMessage('README')).toBe('Files without an extension are not accepted.');
    // A leading dot starts a name, not an extension.
    expect(uploadExtensionOf('.pdf')).toBe('');
    expect(refusedExtensionMessage('.pdf')).toBe('Files without an extension are not accepted.');
  });

  it('does not take names of the object prototype for extensions', () => {
    expect(uploadTypeOf('x.constructor')).toBeUndefined();
    expect(uploadTypeOf('x.__proto__')).toBeUndefined();
  });

  it('lists every accepted extension once, lower case', () => {
    expect(UPLOAD_EXTENSIONS).toEqual(Object.keys(UPLOAD_TYPES));
    expect(new Set(UPLOAD_EXTENSIONS).size).toBe(UPLOAD_EXTENSIONS.length);
    for (const extension of UPLOAD_EXTENSIONS) expect(extension).toMatch(/^[a-z0-9]+$/);
  });
});
