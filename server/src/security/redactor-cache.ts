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
 * credential's old redactor is gone within that time, with or without further traffic).
 */
import { createHash } from 'node:crypto';

/** Redactors kept at most. */
const DEFAULT_CAPACITY = 64;
/** How long an unused redactor is kept, ms. */
const DEFAULT_IDLE_MS = 60_000;

interface Entry<T> {
  value: T;
  usedAt: number;
}

/** Options of {@link RedactorCache}. */
export interface RedactorCacheOptions {
  capacity?: number;
  idleMs?: number;
  /** Milliseconds clock (tests). */
  now?: () => number;
}

/**
 * A bounded least-recently-used map from secret material to what was built from it.
 *
 * @example
 * const cache = new RedactorCache<Redactor>();
 * const redactor = cache.get(JSON.stringify(secrets), () => createRedactor(secrets));
 */
export class RedactorCache<T> {
  // A Map iterates in insertion order: re-inserting on each use keeps the least recently used first.
  readonly #entries = new Map<string, Entry<T>>();
  readonly #capacity: number;
  readonly #idleMs: number;
  readonly #now: () => number;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(options: RedactorCacheOptions = {}) {
    this.#capacity = options.capacity ?? DEFAULT_CAPACITY;
    this.#idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
    this.#now = options.now ?? Date.now;
  }

  /** Redactors kept now. */
  get size(): number {
    return this.#entries.size;
  }

  /** The value kept for `material`, else `build()`'s, kept for the next caller. */
  get(material: string, build: () => T): T {
    const now = this.#now();
    this.sweep(now);
    const key = createHash('sha256').update(material).digest('base64');
    const found = this.#entries.get(key);
    if (found) {
      this.#entries.delete(key);
      found.usedAt = now;
      this.#entries.set(key, found);
      return found.value;
    }
    const value = build();
    this.#entries.set(key, { value, usedAt: now });
    if (this.#entries.size > this.#capacity) this.#entries.delete(this.#entries.keys().next().value as string);
    this.#sweepLater();
    return value;
  }

  /** Drops every redactor unused for the idle time (the least recently used come first). */
  sweep(now = this.#now()): void {
    for (const [key, entry] of this.#entries) {
      if (now - entry.usedAt < this.#idleMs) break;
      this.#entries.delete(key);
    }
  }

  /** Drops every redactor. */
  clear(): void {
    this.#entries.clear();
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  // Without traffic nothing calls `get`: a timer (that keeps no process alive) frees idle ones.
  #sweepLater(): void {
    if (this.#timer || this.#entries.size === 0) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.sweep();
      this.#sweepLater();
    }, this.#idleMs);
    this.#timer.unref?.();
  }
}
