/**
 * The S3-compatible file storage (AWS S3, MinIO, R2, …): uploads are PUT into a bucket with
 * SigV4-signed requests through the guarded HTTP client, downloads are handed out as
 * presigned GET URLs (like the old product's bucket URLs), deletes are signed DELETEs.
 * Configured from the environment by {@link readS3Settings}.
 */
import type { HttpClient } from '../security/http-client.js';
import { createHttpClient } from '../security/http-client.js';
import { encodeRfc3986, presignGet, type SigningKey, signHeaders } from './sigv4.js';
import { checkKey, createDiskStorage, type FileStorage } from './storage.js';

/** Where and how to reach the bucket. */
export interface S3Settings extends SigningKey {
  /** e.g. 'https://s3.eu-west-1.amazonaws.com' or 'http://minio.lan:9000'. */
  endpoint: string;
  bucket: string;
  /** Key prefix inside the bucket; default 'uploads/'. */
  prefix: string;
  /** How long a download address stays valid, in seconds; default 300. */
  downloadSeconds: number;
}

/**
 * Reads the S3 settings from `UPLOADS_S3_ENDPOINT`, `UPLOADS_S3_BUCKET`, `UPLOADS_S3_REGION`
 * (default us-east-1), `UPLOADS_S3_ACCESS_KEY_ID`, `UPLOADS_S3_SECRET_ACCESS_KEY` and
 * `UPLOADS_S3_PREFIX`; undefined when no bucket is set. A bucket without the rest is an error.
 */
export function readS3Settings(env: Record<string, string | undefined> = process.env): S3Settings | undefined {
  const bucket = env.UPLOADS_S3_BUCKET?.trim();
  if (!bucket) return undefined;
  const missing = ['UPLOADS_S3_ENDPOINT', 'UPLOADS_S3_ACCESS_KEY_ID', 'UPLOADS_S3_SECRET_ACCESS_KEY'].filter(
    (name) => !env[name]?.trim(),
  );
  if (missing.length) throw new Error(`UPLOADS_S3_BUCKET is set but ${missing.join(', ')} is not.`);
  return {
    endpoint: (env.UPLOADS_S3_ENDPOINT as string).trim().replace(/\/$/, ''),
    bucket,
    region: env.UPLOADS_S3_REGION?.trim() || 'us-east-1',
    accessKeyId: (env.UPLOADS_S3_ACCESS_KEY_ID as string).trim(),
    secretAccessKey: (env.UPLOADS_S3_SECRET_ACCESS_KEY as string).trim(),
    prefix: env.UPLOADS_S3_PREFIX ?? 'uploads/',
    downloadSeconds: 300,
  };
}

/**
 * Creates the bucket storage. The client defaults to a guarded one that allows only the
 * configured endpoint (an administrator's choice, like a private MinIO on the LAN).
 *
 * @example
 * const storage = createS3Storage(readS3Settings()!);
 */
export function createS3Storage(
  settings: S3Settings,
  options: { client?: HttpClient; now?: () => number } = {},
): FileStorage {
  const endpoint = new URL(settings.endpoint);
  const client = options.client ?? createHttpClient({ allowedHosts: endpoint.host });
  const now = options.now ?? Date.now;
  // Path-style addressing: works with every S3-compatible server, bucket names need no DNS.
  const urlOf = (key: string) =>
    `${settings.endpoint}/${encodeRfc3986(settings.bucket)}/${encodeRfc3986(`${settings.prefix}${checkKey(key)}`, true)}`;

  const send = async (method: 'PUT' | 'DELETE', key: string, body?: Buffer, contentType?: string) => {
    const url = urlOf(key);
    const headers = signHeaders(settings, new Date(now()), {
      method,
      url,
      headers: contentType ? { 'content-type': contentType } : {},
      payload: body,
    });
    const response = await client.send({ method, url, query: [], headers, body: body && new Uint8Array(body) });
    if (response.status >= 300 && !(method === 'DELETE' && response.status === 404)) {
      throw new Error(`The file store answered ${response.status} to ${method} ${settings.prefix}${key}.`);
    }
  };

  return {
    put: (key, bytes, contentType) => send('PUT', key, bytes, contentType),
    async read(key) {
      return { redirect: presignGet(settings, new Date(now()), urlOf(key), settings.downloadSeconds) };
    },
    remove: (key) => send('DELETE', key),
  };
}

/** The storage a server uses: the bucket when configured, else `${dataDir}/uploads`. */
export function createUploadStorage(
  dataDirUploads: string,
  env: Record<string, string | undefined> = process.env,
): FileStorage {
  const s3 = readS3Settings(env);
  return s3 ? createS3Storage(s3) : createDiskStorage(dataDirUploads);
}
