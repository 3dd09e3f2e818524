/**
 * AWS Signature Version 4 for the S3-compatible file storage: signed request headers (PUT,
 * DELETE) and presigned GET URLs. Written from the public description of the algorithm
 * (canonical request → string to sign → HMAC chain); only node:crypto is used.
 */
import { createHash, createHmac } from 'node:crypto';

/** Credentials and scope of one S3-compatible store. */
export interface SigningKey {
  accessKeyId: string;
  secretAccessKey: string;
  /** e.g. 'us-east-1'. */
  region: string;
  /** 's3'. */
  service?: string;
}

/** The hex SHA-256 of a payload; the hash of an empty body for none. */
export function sha256Hex(data: string | Uint8Array = ''): string {
  return createHash('sha256').update(data).digest('hex');
}

const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it: unreserved characters kept, '/' kept in paths only. */
export function encodeRfc3986(text: string, isPath = false): string {
  return encodeURIComponent(text)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%2F/g, isPath ? '/' : '%2F');
}

/** '20130524T000000Z' for a date. */
export function amzDate(at: Date): string {
  return at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

function canonicalQuery(query: [string, string][]): string {
  return query
    .map(([k, v]) => [encodeRfc3986(k), encodeRfc3986(v)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

interface Canonical {
  method: string;
  /** Already-encoded path, e.g. '/bucket/key'. */
  path: string;
  query: [string, string][];
  /** Lower-case names. */
  headers: Record<string, string>;
  payloadHash: string;
}

function signature(
  key: SigningKey,
  at: Date,
  request: Canonical,
): { signature: string; signedHeaders: string; scope: string } {
  const service = key.service ?? 's3';
  const names = Object.keys(request.headers).sort();
  const signedHeaders = names.join(';');
  const canonicalRequest = [
    request.method,
    request.path,
    canonicalQuery(request.query),
    ...names.map((n) => `${n}:${request.headers[n].trim().replace(/\s+/g, ' ')}`),
    '',
    signedHeaders,
    request.payloadHash,
  ].join('\n');
  const day = amzDate(at).slice(0, 8);
  const scope = `${day}/${key.region}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate(at), scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${key.secretAccessKey}`, day), key.region), service), 'aws4_request');
  return { signature: createHmac('sha256', signingKey).update(toSign).digest('hex'), signedHeaders, scope };
}

/**
 * Signs a request with headers: answers the headers to send (Authorization, x-amz-date,
 * x-amz-content-sha256 and the given ones).
 *
 * @example
 * signHeaders(key, new Date(), { method: 'PUT', url: 'https://s3.example/bucket/k', headers: {}, payload: bytes })
 */
export function signHeaders(
  key: SigningKey,
  at: Date,
  request: { method: string; url: string; headers: Record<string, string>; payload?: string | Uint8Array },
): Record<string, string> {
  const url = new URL(request.url);
  const payloadHash = sha256Hex(request.payload ?? '');
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) headers[name.toLowerCase()] = value;
  headers.host = url.host;
  headers['x-amz-date'] = amzDate(at);
  headers['x-amz-content-sha256'] = payloadHash;
  const signed = signature(key, at, {
    method: request.method,
    path: url.pathname,
    query: [...url.searchParams.entries()],
    headers,
    payloadHash,
  });
  const { host: _host, ...rest } = headers;
  return {
    ...rest,
    authorization: `AWS4-HMAC-SHA256 Credential=${key.accessKeyId}/${signed.scope}, SignedHeaders=${signed.signedHeaders}, Signature=${signed.signature}`,
  };
}

/**
 * Presigns a GET: a URL anyone can fetch until it expires, signed for the host header only.
 *
 * @example
 * presignGet(key, new Date(), 'https://bucket.s3.example/uploads/k', 900)
 */
export function presignGet(key: SigningKey, at: Date, url: string, expiresSeconds: number): string {
  const target = new URL(url);
  const service = key.service ?? 's3';
  const scope = `${amzDate(at).slice(0, 8)}/${key.region}/${service}/aws4_request`;
  const query: [string, string][] = [
    ...target.searchParams.entries(),
    ['X-Amz-Algorithm', 'AWS4-HMAC-SHA256'],
    ['X-Amz-Credential', `${key.accessKeyId}/${scope}`],
    ['X-Amz-Date', amzDate(at)],
    ['X-Amz-Expires', String(expiresSeconds)],
    ['X-Amz-SignedHeaders', 'host'],
  ];
  const signed = signature(key, at, {
    method: 'GET',
    path: target.pathname,
    query,
    headers: { host: target.host },
    payloadHash: 'UNSIGNED-PAYLOAD',
  });
  return `${target.origin}${target.pathname}?${canonicalQuery([...query, ['X-Amz-Signature', signed.signature]])}`;
}
