import { type AppDefinition, buildRequest, type HttpRequest } from '@junction/core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTarget, type Target } from '../../../test/fixtures/targets/target-server.js';
import { createHttpClient, type HttpClient, HttpClientError } from './http-client.js';

const get = (url: string, headers: Record<string, string> = {}): HttpRequest => ({
  method: 'GET',
  url,
  query: [],
  headers,
});

let target: Target;
let second: Target;
const clients: HttpClient[] = [];
const client = (options: Parameters<typeof createHttpClient>[0] = {}) => {
  const made = createHttpClient({ allowedHosts: [], ...options });
  clients.push(made);
  return made;
};

async function failure(promise: Promise<unknown>): Promise<HttpClientError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpClientError);
  return error as HttpClientError;
}

beforeAll(async () => {
  target = await startTarget();
  second = await startTarget();
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await target.close();
  await second.close();
});

describe('guarded HTTP client: addresses', () => {
  it('blocks a loopback target without an allowlist, and sends nothing to it', async () => {
    const before = target.requests.length;
    const error = await failure(client().send(get(`${target.url}/echo`)));
    expect(error.code).toBe('blocked');
    expect(error.message).toContain('127.0.0.1');
    expect(error.isRetryable).toBe(false);
    expect(target.requests.length).toBe(before);
  });

  it('sends to an allowlisted host:port and parses the JSON answer', async () => {
    const http = client({ allowedHosts: `127.0.0.1:${target.port}` });
    const res = await http.send({
      method: 'POST',
      url: `${target.url}/echo`,
      query: [
        ['tag', 'a'],
        ['tag', 'b'],
      ],
      headers: { 'Content-Type': 'application/json', 'X-Api-Key': 'k1' },
      body: { email: 'ada@example.com' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      method: 'POST',
      path: '/echo',
      query: { tag: ['a', 'b'] },
      body: { email: 'ada@example.com' },
    });
    expect((res.body as { headers: Record<string, string> }).headers['x-api-key']).toBe('k1');
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('reads JUNCTION_ALLOWED_HOSTS when no allowlist is given', async () => {
    const saved = process.env.JUNCTION_ALLOWED_HOSTS;
    process.env.JUNCTION_ALLOWED_HOSTS = `example.invalid, 127.0.0.1:${target.port}`;
    try {
      const http = createHttpClient();
      clients.push(http);
      expect((await http.send(get(`${target.url}/status/204`))).status).toBe(204);
    } finally {
      if (saved === undefined) delete process.env.JUNCTION_ALLOWED_HOSTS;
      else process.env.JUNCTION_ALLOWED_HOSTS = saved;
    }
  });

  it('an allowlist entry with a port does not open the other ports of that host', async () => {
    const http = client({ allowedHosts: `127.0.0.1:${target.port}` });
    expect((await failure(http.send(get(`${second.url}/echo`)))).code).toBe('blocked');
  });

  it.each([
    ['decimal', (port: number) => `http://2130706433:${port}/echo`],
    ['hex', (port: number) => `http://0x7f.1:${port}/echo`],
    ['octal', (port: number) => `http://0177.0.0.1:${port}/echo`],
    ['short', (port: number) => `http://127.1:${port}/echo`],
    ['IPv4-mapped IPv6', (port: number) => `http://[::ffff:127.0.0.1]:${port}/echo`],
    ['IPv6 loopback', (port: number) => `http://[::1]:${port}/echo`],
  ])('blocks the %s form of a loopback address', async (_name, url) => {
    const error = await failure(client().send(get(url(target.port))));
    expect(error.code).toBe('blocked');
  });

  it.each([
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.8/',
    'http://192.168.1.1/',
    'http://172.16.0.1/',
    'http://100.64.0.1/',
    'http://224.0.0.1/',
    'http://0.0.0.0/',
    'http://[fe80::1]/',
    'http://[fd00:ec2::254]/',
    'http://[64:ff9b::7f00:1]/',
  ])('blocks %s before connecting', async (url) => {
    const error = await failure(client({ timeoutMs: 2_000 }).send(get(url)));
    expect(error.code).toBe('blocked');
  });

  it('checks names after DNS resolution: a name resolving to loopback is blocked', async () => {
    const before = target.requests.length;
    const http = client({ resolveHost: async () => [{ address: '127.0.0.1', family: 4 }] });
    const error = await failure(http.send(get(`http://rebind.example:${target.port}/echo`)));
    expect(error.code).toBe('blocked');
    expect(error.message).toBe('Requests to rebind.example are not allowed: it resolves to 127.0.0.1 (loopback).');
    expect(target.requests.length).toBe(before);
  });

  it('blocks localhost through the system resolver', async () => {
    expect((await failure(client().send(get(`http://localhost:${target.port}/echo`)))).code).toBe('blocked');
  });

  it('refuses schemes other than http and https', async () => {
    const error = await failure(client().send(get('file:///etc/passwd')));
    expect(error.code).toBe('blocked');
    expect(error.message).toBe("Only http and https URLs are allowed, not 'file:'.");
  });
});

describe('guarded HTTP client: redirects, size, time, headers', () => {
  it('follows a redirect between allowlisted hosts', async () => {
    const http = client({ allowedHosts: `127.0.0.1:${target.port},127.0.0.1:${second.port}` });
    const to = encodeURIComponent(`${second.url}/echo`);
    const res = await http.send(get(`${target.url}/redirect?to=${to}`, { Authorization: 'Bearer secret' }));
    expect(res.status).toBe(200);
    expect(res.url).toBe(`${second.url}/echo`);
    // A credential for one origin is not handed to another.
    expect((res.body as { headers: Record<string, string> }).headers.authorization).toBeUndefined();
  });

  it('drops every header and query key the auth scheme added on a redirect to another origin', async () => {
    const http = client({ allowedHosts: `127.0.0.1:${target.port},127.0.0.1:${second.port}` });
    const secret = 'SECRET-k3y-value';
    const schemes: { name: string; authInfo: AppDefinition['authInfo']; credential: Record<string, string> }[] = [
      {
        name: 'API key header',
        authInfo: { apiType: 'apikey', requestConfig: { headers: [{ key: 'X-Api-Key', value: '${auth.api_key}' }] } },
        credential: { api_key: secret },
      },
      {
        name: 'API key query',
        authInfo: { apiType: 'apikey', requestConfig: { params: [{ key: 'api_key', value: '${auth.api_key}' }] } },
        credential: { api_key: secret },
      },
      { name: 'basic', authInfo: { apiType: 'basic' }, credential: { username: 'ada', password: secret } },
      { name: 'bearer', authInfo: { apiType: 'oauth2' }, credential: { access_token: secret } },
      { name: 'custom', authInfo: { apiType: 'customCode' }, credential: { token: secret } },
    ];
    for (const status of [302, 307]) {
      for (const scheme of schemes) {
        // The first origin redirects to the second, copying the query the way many redirectors do.
        const built = buildRequest({
          app: { authInfo: scheme.authInfo },
          action: {
            title: 'Get',
            method: status === 307 ? 'post' : 'get',
            url: `${target.url}/redirect`,
            fields: [],
            url_params: [{ key: 'status', value: String(status) }],
            headers: [{ key: 'X-Token', value: '${auth.token}' }],
          },
          values: {},
          credential: scheme.credential,
          base: '',
        });
        if (!built.ok) throw new Error(JSON.stringify(built.errors));
        const query = new URLSearchParams(built.request.query);
        const to = `${second.url}/echo?${query.toString()}`;
        const res = await http.send({ ...built.request, query: [...built.request.query, ['to', to]] });
        expect([scheme.name, status, res.status, res.url.startsWith(second.url)]).toEqual([
          scheme.name,
          status,
          200,
          true,
        ]);
        const seen = second.requests[second.requests.length - 1];
        expect(JSON.stringify(seen), `${scheme.name} after ${status}`).not.toContain(secret);
        expect(JSON.stringify(seen), `${scheme.name} after ${status}`).not.toContain(
          Buffer.from(`ada:${secret}`).toString('base64'),
        );
      }
    }
    // The same origin keeps them.
    const same = buildRequest({
      app: { authInfo: schemes[0].authInfo },
      action: { title: 'Get', method: 'get', url: `${target.url}/redirect`, fields: [] },
      values: {},
      credential: schemes[0].credential,
      base: '',
    });
    if (!same.ok) throw new Error('not built');
    const res = await http.send({ ...same.request, query: [['to', `${target.url}/echo`]] });
    expect((res.body as { headers: Record<string, string> }).headers['x-api-key']).toBe(secret);
  });

  it('blocks a redirect to a blocked address at the hop', async () => {
    const http = client({ allowedHosts: `127.0.0.1:${target.port}` });
    const before = second.requests.length;
    const to = encodeURIComponent(`${second.url}/echo`);
    const error = await failure(http.send(get(`${target.url}/redirect?to=${to}`)));
    expect(error.code).toBe('blocked');
    expect(second.requests.length).toBe(before);
    const metadata = encodeURIComponent('http://169.254.169.254/latest/meta-data/');
    expect((await failure(http.send(get(`${target.url}/redirect?to=${metadata}`)))).code).toBe('blocked');
  });

  it('stops after 5 redirects', async () => {
    const http = client({ allowedHosts: `127.0.0.1:${target.port}` });
    let url = `${target.url}/echo`;
    for (let i = 0; i < 6; i++) url = `${target.url}/redirect?to=${encodeURIComponent(url)}`;
    const error = await failure(http.send(get(url)));
    expect(error.message).toMatch(/^Stopped after 5 redirects/);
    expect(error.isRetryable).toBe(false);
    let five = `${target.url}/echo`;
    for (let i = 0; i < 5; i++) five = `${target.url}/redirect?to=${encodeURIComponent(five)}`;
    expect((await http.send(get(five))).status).toBe(200);
  });

  it('turns a 303 after a POST into a GET without a body', async () => {
    const http = client({ allowedHosts: `127.0.0.1:${target.port}` });
    const to = encodeURIComponent(`${target.url}/echo`);
    const res = await http.send({
      method: 'POST',
      url: `${target.url}/redirect?to=${to}&status=303`,
      query: [],
      headers: {},
      body: { a: 1 },
    });
    expect(res.body).toMatchObject({ method: 'GET', body: null });
  });

  it('caps the response size, with and without Content-Length', async () => {
    const http = client({ allowedHosts: `127.0.0.1:${target.port}`, maxResponseBytes: 100_000 });
    expect((await http.send(get(`${target.url}/bytes/100000`))).body).toHaveLength(100_000);
    const declared = await failure(http.send(get(`${target.url}/bytes/100001`)));
    expect(declared.code).toBe('too-large');
    expect(declared.message).toBe('The response is larger than 100000 bytes.');
    expect((await failure(http.send(get(`${target.url}/bytes/300000?stream=1`)))).code).toBe('too-large');
  });

  it('times out a slow answer', async () => {
    const http = client({ allowedHosts: `127.0.0.1:${target.port}`, timeoutMs: 150 });
    const error = await failure(http.send(get(`${target.url}/slow?ms=2000`)));
    expect(error.code).toBe('timeout');
    expect(error.message).toBe('No complete response within 150 ms.');
  });

  it('rejects header values with CR or LF before sending', async () => {
    const http = client({ allowedHosts: `127.0.0.1:${target.port}` });
    const before = target.requests.length;
    const error = await failure(http.send(get(`${target.url}/echo`, { 'X-Name': 'a\r\nX-Injected: 1' })));
    expect(error.code).toBe('invalid-request');
    expect(error.message).toBe("The value of header 'X-Name' contains a line break.");
    expect(target.requests.length).toBe(before);
  });

  it('reports a refused connection as a retryable network error', async () => {
    const closed = await startTarget();
    const url = `${closed.url}/echo`;
    await closed.close();
    const error = await failure(client({ allowedHosts: `127.0.0.1:${closed.port}` }).send(get(url)));
    expect(error.code).toBe('network');
    expect(error.isRetryable).toBe(true);
  });
});
