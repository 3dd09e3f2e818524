/**
 * Bounds on request bodies while they arrive, for every route and content type: a body that
 * sends nothing for BODY_IDLE_TIMEOUT_MS is cut off (its connection closed: the client is not
 * listening for an answer mid-body), and all bodies being received at once may hold at most
 * BODY_BUDGET_BYTES. A body that would pass the budget is refused before it is read with 503
 * `server.unavailable` + Retry-After, so stalled bodies cannot grow memory without bound; a
 * body alone is always let through (its route's body limit still applies).
 */
import { Transform, type TransformCallback } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { Problem } from '../kernel/errors.js';

/** The body bounds (0 turns one off). */
export interface BodyGuardLimits {
  /** Longest pause between two chunks of a body, in ms (BODY_IDLE_TIMEOUT_MS). */
  bodyIdleTimeoutMs: number;
  /** Bytes all bodies being received at once may hold (BODY_BUDGET_BYTES). */
  bodyBudgetBytes: number;
}

/** Defaults of {@link BodyGuardLimits} (env.ts documents the same values). */
export const DEFAULT_BODY_GUARD: BodyGuardLimits = {
  bodyIdleTimeoutMs: 5_000,
  bodyBudgetBytes: 64 * 1024 * 1024,
};

/** A body's bytes passed through with a deadline between chunks; Fastify reads `receivedEncodedLength`. */
class IdleGuard extends Transform {
  receivedEncodedLength = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly idleMs: number,
    private readonly onIdle: () => void,
  ) {
    super();
    this.arm();
  }

  private arm(): void {
    if (this.idleMs <= 0) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(this.onIdle, this.idleMs);
    this.timer.unref();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.receivedEncodedLength += chunk.length;
    this.arm();
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    clearTimeout(this.timer);
    callback();
  }

  override _destroy(error: Error | null, callback: (error: Error | null) => void): void {
    clearTimeout(this.timer);
    callback(error);
  }
}

/** What the guard holds now (tests and the bench read it). */
export interface BodyGuardState {
  /** Bytes reserved by bodies being received or handled. */
  inFlightBytes(): number;
}

/**
 * Adds the guard as a `preParsing` hook. A body reserves its declared length (a chunked one, its
 * route's body limit) until its answer is sent.
 *
 * @example
 * registerBodyGuard(app, DEFAULT_BODY_GUARD, config.bodyLimit);
 */
export function registerBodyGuard(app: FastifyInstance, limits: BodyGuardLimits, bodyLimit: number): BodyGuardState {
  let inFlight = 0;
  app.addHook('preParsing', (request, reply, payload, done) => {
    const declared = Number(request.headers['content-length']);
    const isChunked = request.headers['transfer-encoding'] !== undefined;
    if (!(declared > 0) && !isChunked) {
      done(null, payload);
      return;
    }
    const routeLimit = request.routeOptions.bodyLimit ?? bodyLimit;
    // A body over its route's limit is refused by the parser before it is read: reserve no more.
    const reserve = declared > 0 ? Math.min(declared, routeLimit) : routeLimit;
    const budget = limits.bodyBudgetBytes;
    if (budget > 0 && inFlight > 0 && inFlight + reserve > budget) {
      reply.header('connection', 'close');
      done(
        new Problem(503, 'Service Unavailable', {
          detail: 'The server is receiving too many request bodies at once. Try again shortly.',
          field: 'body',
          retryAfter: 1,
        }),
      );
      return;
    }
    inFlight += reserve;
    let isReleased = false;
    reply.raw.once('close', () => {
      if (isReleased) return;
      isReleased = true;
      inFlight -= reserve;
    });
    if (limits.bodyIdleTimeoutMs <= 0) {
      done(null, payload);
      return;
    }
    const guarded = new IdleGuard(limits.bodyIdleTimeoutMs, () => {
      request.log.info({ idleMs: limits.bodyIdleTimeoutMs }, 'request body stalled: connection closed');
      guarded.destroy();
      request.raw.destroy();
    });
    payload.on('error', (error) => guarded.destroy(error));
    done(null, payload.pipe(guarded));
  });
  return { inFlightBytes: () => inFlight };
}
