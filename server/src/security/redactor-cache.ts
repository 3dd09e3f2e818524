/**
 * Redactors kept for reuse, by the secret material they hide. Building one builds an
 * Aho–Corasick automaton whose root table alone is 256 KB (./secret-matcher.ts), and the
 * executor wants one for a step's request and again for its answer: with a connected account
 * that was two tables per HTTP step (BENCHMARKS.md, "Embedded CPU and allocation").
 *
 * Keyed by a SHA-256 digest of the secret values themselves, not by the credential's id and
 * version: the values a step gets can change while the credential row does not (custom auth
 * code's answer, a token refreshed after a 401), and a key made of the values is what
 * guarantees that a new secret is hidden at once — a changed value is a new key and a new
 * redactor. Secrets are held no longer than needed: at most `capacity` redactors, the least
 * recently used dropped first, and none kept once unused for `idleMs` (a rotated or deleted
 * credential's old redactor is gone within that time, with or without further traffic). The
 * bookkeeping is lru-cache's (`max`, a `ttl` renewed on each use, purged by an unref'd timer).
 */
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';

/** Redactors kept at most. */
const DEFAULT_CAPACITY = 64;
/** How long an unused redactor is kept, ms. */
const DEFAULT_IDLE_MS = 60_000;

/** Options of {@link RedactorCache}. */
export interface RedactorCacheOptions {
  capacity?: number;
  idleMs?: number;
  /** Milliseconds clock (tests). */
  now?: () => number;
}

/**
 * A bounded least-recently-used map from secret material (kept only as its digest) to what was
 * built from it.
 *
 * @example
 * const cache = new RedactorCache<Redactor>();
 * const redactor = cache.get(JSON.stringify(secrets), () => createRedactor(secrets));
 */
export class RedactorCache<T extends object> {
  readonly #entries: LRUCache<string, T>;

  constructor(options: RedactorCacheOptions = {}) {
    this.#entries = new LRUCache<string, T>({
      max: options.capacity ?? DEFAULT_CAPACITY,
      ttl: options.idleMs ?? DEFAULT_IDLE_MS,
      updateAgeOnGet: true,
      ttlAutopurge: true,
      // Read the clock on every check (lru-cache otherwise reuses one reading for a millisecond).
      ttlResolution: 0,
      ...(options.now ? { perf: { now: options.now } } : {}),
    });
  }

  /** Redactors kept now. */
  get size(): number {
    return this.#entries.size;
  }

  /** The value kept for `material`, else `build()`'s, kept for the next caller. */
  get(material: string, build: () => T): T {
    const key = createHash('sha256').update(material).digest('base64');
    const found = this.#entries.get(key);
    if (found !== undefined) return found;
    const value = build();
    this.#entries.set(key, value);
    return value;
  }

  /** Drops every redactor unused for the idle time. */
  sweep(): void {
    this.#entries.purgeStale();
  }

  /** Drops every redactor. */
  clear(): void {
    this.#entries.clear();
  }
}
