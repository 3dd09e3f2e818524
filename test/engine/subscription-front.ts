/**
 * A local HTTP server on 127.0.0.1 standing in front of Junction as its public URL, so the Demo
 * CRM (the third party of the subscription tests) is reached through it: it counts the
 * unsubscribe calls (`DELETE /demo-crm/hooks/{id}`) and can refuse them with a 503.
 */
import http from 'node:http';
import { freePort } from './triggers-support.js';

/** The front server. */
export type Front = Awaited<ReturnType<typeof startFront>>;

/** Starts the front server, forwarding to Junction on `junctionPort`. */
export async function startFront(junctionPort: number) {
  const unsubscribes: string[] = [];
  let refuse = false;
  const server = http.createServer((req, res) => {
    if (req.method === 'DELETE' && req.url?.startsWith('/demo-crm/hooks/')) {
      unsubscribes.push(req.url);
      if (refuse) {
        res.writeHead(503, { 'content-type': 'application/json' }).end('{"detail":"down for maintenance"}');
        req.resume();
        return;
      }
    }
    const forward = http.request(
      { host: '127.0.0.1', port: junctionPort, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.writeHead(502).end());
    req.pipe(forward);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port,
    unsubscribes,
    refuse(on: boolean) {
      refuse = on;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
