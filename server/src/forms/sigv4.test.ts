import { describe, expect, it } from 'vitest';
import { encodeRfc3986, presignGet, signHeaders } from './sigv4.js';

// The example credentials and requests of Amazon S3's SigV4 documentation.
const key = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  region: 'us-east-1',
};
const at = new Date('2013-05-24T00:00:00Z');

describe('SigV4', () => {
  it('signs the documented GET with a Range header', () => {
    const headers = signHeaders(key, at, {
      method: 'GET',
      url: 'https://examplebucket.s3.amazonaws.com/test.txt',
      headers: { Range: 'bytes=0-9' },
    });
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('signs the documented PUT with a body', () => {
    const headers = signHeaders(key, at, {
      method: 'PUT',
      url: 'https://examplebucket.s3.amazonaws.com/test%24file.text',
      headers: { Date: 'Fri, 24 May 2013 00:00:00 GMT', 'x-amz-storage-class': 'REDUCED_REDUNDANCY' },
      payload: 'Welcome to Amazon S3.',
    });
    expect(headers.authorization).toContain(
      'SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class, Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd',
    );
  });

  it('presigns the documented GET URL', () => {
    const url = presignGet(key, at, 'https://examplebucket.s3.amazonaws.com/test.txt', 86400);
    expect(new URL(url).searchParams.get('X-Amz-Signature')).toBe(
      'aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404',
    );
  });

  it('encodes as RFC 3986', () => {
    expect(encodeRfc3986("a b/c!'()*~")).toBe('a%20b%2Fc%21%27%28%29%2A~');
    expect(encodeRfc3986('a/b c', true)).toBe('a/b%20c');
  });
});
