/**
 * The third-party API the scenarios' workflows call: a plain node:http server on 127.0.0.1
 * that counts calls per path and per Idempotency-Key, and misbehaves on request.
 *
 * Routes: `/effect` (200; counts the Idempotency-Key; while `hold` is set it answers nothing
 * until released), `/always500`, `/busy?times=N` (429 + Retry-After: 1 the first N calls of each seq),
 * `/trickle` (200, then one byte a second), `/reset` (destroys the socket), `/hang` (never
 * answers), `/redirect?to=URL` (302), `/orders` (a
 * polling list, shuffled), `/echo-headers` (answers the request's headers).
 */
import http from 'node:http';
import type { Socket } from 'node:net';
import type { EffectLedger } from './invariant.js';

export interface FaultTarget {
  port: number;
  host: string;
  url(path: string): string;
  /** Calls per path (without the query). */
  calls: Record<string, number>;
  /** Idempotency keys seen on /effect. */
  effects: EffectLedger;
  /** What `/orders` lists (shuffled on every call when `shuffle`), for polling triggers. */
  orders: { id: string; seq: number }[];
  shuffle: boolean;
  /** Headers of the last /echo-headers call. */
  lastHeaders?: http.IncomingHttpHeaders;
  /** While true, /effect calls are held unanswered; `onHeld` is told about each. */
  hold: boolean;
  onHeld?: (key: string) => void;
  /** Answers every held /effect call. */
  release(): void;
  close(): Promise<void>;
}

export async function startFaultTarget(): Promise<FaultTarget> {
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const held: http.ServerResponse[] = [];
  const busy: Record<string, number> = {};
  const target: FaultTarget = {
    port: 0,
    host: '',
    url: (p) => `http://127.0.0.1:${target.port}${p}`,
    calls: {},
    effects: { calls: new Map(), unkeyed: 0 },
    hold: false,
    orders: [],
    shuffle: true,
    release() {
      for (const res of held.splice(0)) if (!res.writableEnded) res.end('{"ok":true,"held":true}');
    },
    async close() {
      for (const timer of timers) clearInterval(timer);
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    target.calls[url.pathname] = (target.calls[url.pathname] ?? 0) + 1;
    // Drain any body first so a reset or a hang is about the answer, not the upload.
    req.resume();
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    switch (url.pathname) {
      case '/effect': {
        const key = req.headers['idempotency-key'];
        if (typeof key === 'string') target.effects.calls.set(key, (target.effects.calls.get(key) ?? 0) + 1);
        else target.effects.unkeyed += 1;
        if (target.hold) {
          held.push(res);
          target.onHeld?.(typeof key === 'string' ? key : '');
          return;
        }
        return json(200, { ok: true, seq: url.searchParams.get('seq') });
      }
      case '/always500':
        return json(500, { error: 'planned failure' });
      case '/busy': {
        // Counted per event (the workflow sends `seq`), so each run meets its own 429s.
        const name = url.searchParams.get('seq') ?? '';
        busy[name] = (busy[name] ?? 0) + 1;
        if (busy[name] <= Number(url.searchParams.get('times') ?? 1)) {
          return json(429, { error: 'slow down' }, { 'retry-after': '1' });
        }
        return json(200, { ok: true, after: busy[name] });
      }
      case '/trickle': {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{');
        const timer = setInterval(() => {
          if (res.destroyed) clearInterval(timer);
          else res.write(' ');
        }, 1000);
        timers.add(timer);
        res.on('close', () => clearInterval(timer));
        return;
      }
      case '/reset':
        req.socket.destroy();
        return;
      case '/hang':
        return;
      case '/redirect':
        res.writeHead(302, { location: url.searchParams.get('to') ?? '/' });
        res.end();
        return;
      case '/orders': {
        const list = [...target.orders];
        if (target.shuffle) {
          for (let i = list.length - 1; i > 0; i--) {
            const j = Math.floor(Math.random() * (i + 1));
            [list[i], list[j]] = [list[j], list[i]];
          }
        }
        return json(200, { orders: list });
      }
      case '/echo-headers':
        target.lastHeaders = req.headers;
        return json(200, { headers: req.headers });
      default:
        return json(404, { error: 'no such route' });
    }
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  target.port = typeof address === 'object' && address ? address.port : 0;
  target.host = `127.0.0.1:${target.port}`;
  return target;
}
