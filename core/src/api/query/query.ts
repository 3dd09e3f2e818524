/**
 * One resource of server state (the role of TanStack query-core's `Query`): its data, its one
 * loading / error / stale state, the request in flight (shared by every caller), polling while
 * observed, and cancellation when the last observer leaves. Framework-agnostic: observers
 * subscribe with a listener; web's adapter turns that into a mobx atom.
 */
import { hashQueryKey, type QueryKey } from './query-key.js';

/** Timers and clock a query runs on; injected so tests and other platforms can drive them. */
export interface QueryClock {
  now: () => number;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

/**
 * The part of the platform's `AbortSignal` a query reads. Browsers and Node 20 both provide
 * `AbortController`; core compiles against plain ES (no DOM or Node typings, CONTEXT "Job"),
 * so the shape is named here and the constructor read from `globalThis`.
 */
export interface QueryAbortSignal {
  readonly aborted: boolean;
}

interface PlatformAbortController {
  readonly signal: QueryAbortSignal;
  abort(): void;
}

/** The platform's timers and `AbortController`, typed by the shapes above. */
export const platform = globalThis as unknown as {
  AbortController: new () => PlatformAbortController;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

/** What a fetcher receives: the signal that aborts its request when nobody waits any more (pass it to `fetch`). */
export interface QueryFetchContext {
  signal: QueryAbortSignal;
}

/** Reads the resource from the server; rejects with the request's error. */
export type QueryFetcher<T> = (context: QueryFetchContext) => Promise<T>;

/** How a query behaves; every option has a default. */
export interface QueryOptions {
  /** Data younger than this is fresh: a new observer does not ask again. Default 0 (always ask). */
  staleMs?: number;
  /** Asks again this long after each answer while someone observes; null (default) never polls. */
  pollMs?: number | null;
  /** An unobserved query is dropped from its cache this long after its last observer left. Default 5 min. */
  gcMs?: number;
}

/**
 * The part of the platform's `AbortSignal` a poll listens to (the caller leaving: a page closed).
 */
export interface PollAbortSignal extends QueryAbortSignal {
  addEventListener(type: 'abort', listener: () => void): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

/** How {@link Query.poll} asks until an answer is final. */
export interface PollOptions<T> {
  /** True when the answer is final: the poll resolves with it. */
  until: (data: T) => boolean;
  /** The wait between an answer and the next request. */
  everyMs: number;
  /** Most requests; after the last the poll resolves with its (not final) answer. Default unlimited. */
  tries?: number;
  /** Called before each request with its number (0 first), e.g. to move a countdown. */
  onRound?: (round: number) => void;
  /** Aborting it stops the poll: the request in flight is aborted and the poll rejects with `QueryCancelledError`. */
  signal?: PollAbortSignal;
}

/** The default of {@link QueryOptions.gcMs}. */
export const DEFAULT_QUERY_GC_MS = 5 * 60_000;

/** 'pending' until the first answer; then 'success' or 'error' (data kept from an earlier answer). */
export type QueryStatus = 'pending' | 'success' | 'error';

/** A query's state: one object, replaced (never mutated) on every change. */
export interface QueryState<T> {
  status: QueryStatus;
  /** The last answer's data, also while a later request runs or after it failed. */
  data: T | undefined;
  /** The last request's error, cleared by the next answer. */
  error: unknown;
  /** True while a request is in flight (the first or a refetch). */
  isFetching: boolean;
  /** True after `invalidate` until the next answer (a mutation changed what it reads). */
  isInvalidated: boolean;
  /** When the data arrived or was set (clock ms), null before. */
  updatedAt: number | null;
}

/** Receives a query's new state. */
export type QueryListener<T> = (state: QueryState<T>) => void;

/** An error that says a request was aborted because nobody waits for it (never shown). */
export class QueryCancelledError extends Error {
  constructor() {
    super('The request was cancelled: nobody observes its query any more.');
    this.name = 'QueryCancelledError';
  }
}

const INITIAL_STATE: QueryState<never> = {
  status: 'pending',
  data: undefined,
  error: undefined,
  isFetching: false,
  isInvalidated: false,
  updatedAt: null,
};

/**
 * One resource keyed by operation and parameters. Made by `QueryCache.build`, not directly.
 *
 * @example
 * const query = cache.build(['GET /api/dashboard/workflows'], ({ signal }) => load(signal), { pollMs: 5000 });
 * const stop = query.subscribe((state) => render(state)); // fetches, then polls
 * stop(); // last observer gone: the request in flight is aborted and polling stops
 */
export class Query<T> {
  /** The key this query was built for. */
  readonly key: QueryKey;
  /** The key's stored form (`hashQueryKey`). */
  readonly hash: string;
  private currentState: QueryState<T> = INITIAL_STATE;
  private readonly listeners = new Set<QueryListener<T>>();
  private inFlight: { promise: Promise<T>; controller: PlatformAbortController } | null = null;
  private pollTimer: unknown = null;
  private gcTimer: unknown = null;
  private fetcher: QueryFetcher<T>;
  private options: Required<QueryOptions>;

  constructor(
    key: QueryKey,
    fetcher: QueryFetcher<T>,
    options: QueryOptions,
    private readonly clock: QueryClock,
    private readonly onGarbage: (query: Query<T>) => void,
  ) {
    this.key = key;
    this.hash = hashQueryKey(key);
    this.fetcher = fetcher;
    this.options = { staleMs: 0, pollMs: null, gcMs: DEFAULT_QUERY_GC_MS, ...options };
    this.scheduleGc();
  }

  /** The current state. */
  get state(): QueryState<T> {
    return this.currentState;
  }

  /** How many observers are subscribed. */
  get observerCount(): number {
    return this.listeners.size;
  }

  /** True when a new observer should ask again: no data, invalidated, or older than `staleMs`. */
  get isStale(): boolean {
    const { updatedAt, isInvalidated } = this.currentState;
    return updatedAt === null || isInvalidated || this.clock.now() - updatedAt >= this.options.staleMs;
  }

  /**
   * Takes a later caller's fetcher and options (the same key built again): the newest
   * closure wins, so a fetcher reading changed surroundings is the one that runs.
   */
  update(fetcher: QueryFetcher<T>, options: QueryOptions): void {
    this.fetcher = fetcher;
    const pollBefore = this.options.pollMs;
    this.options = { ...this.options, ...options };
    if (this.options.pollMs !== pollBefore) this.restartPolling();
  }

  /** Starts or stops polling (null stops), e.g. while runs are in flight. */
  setPolling(pollMs: number | null): void {
    if (this.options.pollMs === pollMs) return;
    this.options = { ...this.options, pollMs };
    this.restartPolling();
  }

  /**
   * Observes the query: the first observer fetches when the data is stale and starts polling;
   * the listener hears every later state. Returns the function that stops observing; when the
   * last observer stops, the request in flight is aborted and polling pauses.
   */
  subscribe(listener: QueryListener<T>): () => void {
    this.listeners.add(listener);
    this.cancelGc();
    if (this.listeners.size === 1) {
      if (this.isStale && !this.inFlight) this.fetch().catch(() => undefined);
      else this.restartPolling();
    }
    return () => {
      if (!this.listeners.delete(listener) || this.listeners.size > 0) return;
      this.stopPolling();
      this.cancel();
      this.scheduleGc();
    };
  }

  /**
   * Asks the server, sharing the request already in flight: every caller of one round gets the
   * same answer from one request. Resolves to the data or rejects with the request's error
   * (`QueryCancelledError` when it was cancelled).
   */
  fetch(): Promise<T> {
    if (this.inFlight) return this.inFlight.promise;
    const controller = new platform.AbortController();
    const before = this.currentState;
    this.setState({ ...before, isFetching: true });
    const promise = this.fetcher({ signal: controller.signal }).then(
      (data) => {
        if (controller.signal.aborted) throw new QueryCancelledError();
        this.inFlight = null;
        this.setState(this.successState(data));
        this.restartPolling();
        return data;
      },
      (error: unknown) => {
        if (controller.signal.aborted) throw new QueryCancelledError();
        this.inFlight = null;
        this.setState({ ...this.currentState, status: 'error', error, isFetching: false });
        this.restartPolling();
        throw error;
      },
    );
    this.inFlight = { promise, controller };
    return promise;
  }

  /**
   * Observes the query and asks again every `everyMs` until `until(answer)` holds or `tries`
   * requests were made; resolves with that answer. Each answer lands in the query's state (every
   * other reader sees it), timers run on the cache's clock, and when the poll ends (answered,
   * failed, or aborted by `signal`) it stops observing, so a request it alone waited for is
   * aborted. Rejects with a request's error, or `QueryCancelledError` when aborted.
   *
   * @example
   * const run = await server.query('/api/executions/{executionId}', init).poll({
   *   until: (execution) => execution.status !== 'running',
   *   everyMs: 500,
   *   tries: 60,
   * });
   */
  poll({ until, everyMs, tries = Number.POSITIVE_INFINITY, onRound, signal }: PollOptions<T>): Promise<T> {
    if (signal?.aborted) return Promise.reject(new QueryCancelledError());
    return new Promise<T>((resolve, reject) => {
      let timer: unknown = null;
      let ended = false;
      // A plain observer: the query counts as read (no garbage, cancellation when the poll ends).
      const stopObserving = this.subscribe(() => {});
      const end = (settle: () => void) => {
        if (ended) return;
        ended = true;
        if (timer !== null) this.clock.clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        stopObserving();
        settle();
      };
      const onAbort = () => end(() => reject(new QueryCancelledError()));
      signal?.addEventListener('abort', onAbort);
      const ask = (round: number, again = false) => {
        timer = null;
        if (!again) onRound?.(round);
        const askAgain = () => ask(round, true);
        this.fetch().then(
          (data) => {
            if (ended) return;
            if (until(data) || round + 1 >= tries) end(() => resolve(data));
            else timer = this.clock.setTimeout(() => ask(round + 1), everyMs);
          },
          (error: unknown) => {
            // Another caller's `setData` or `invalidate` aborted this round's request: ask again,
            // unless the query was dropped (its observers cleared: sign-out).
            if (error instanceof QueryCancelledError && !ended && this.listeners.size > 0) askAgain();
            else end(() => reject(error));
          },
        );
      };
      ask(0);
    });
  }

  /** Aborts the request in flight, if any; the state goes back to what it was before it. */
  cancel(): void {
    const running = this.inFlight;
    if (!running) return;
    this.inFlight = null;
    running.controller.abort();
    this.setState({ ...this.currentState, isFetching: false });
  }

  /**
   * Marks the data as changed on the server (after a mutation): observed queries ask again at
   * once, unobserved ones when next observed.
   */
  invalidate(): Promise<void> {
    this.setState({ ...this.currentState, isInvalidated: true });
    if (this.listeners.size === 0) return Promise.resolve();
    this.cancel();
    return this.fetch().then(
      () => undefined,
      () => undefined,
    );
  }

  /**
   * Sets the data without asking (an optimistic edit, or a mutation's answer); a request in
   * flight is aborted so its older answer cannot overwrite this one.
   */
  setData(data: T): void {
    this.cancel();
    this.setState(this.successState(data));
  }

  /** Puts back an earlier state (a rolled-back optimistic edit). */
  restore(state: QueryState<T>): void {
    this.cancel();
    this.setState(state);
  }

  /** Stops timers and requests; the cache calls it when it drops the query. */
  destroy(): void {
    this.stopPolling();
    this.cancel();
    this.cancelGc();
    this.listeners.clear();
  }

  private successState(data: T): QueryState<T> {
    const updatedAt = this.clock.now();
    return { status: 'success', data, error: undefined, isFetching: false, isInvalidated: false, updatedAt };
  }

  private setState(next: QueryState<T>): void {
    this.currentState = next;
    for (const listener of [...this.listeners]) listener(next);
  }

  private restartPolling(): void {
    this.stopPolling();
    const { pollMs } = this.options;
    if (pollMs === null || this.listeners.size === 0 || this.inFlight) return;
    this.pollTimer = this.clock.setTimeout(() => {
      this.pollTimer = null;
      if (this.listeners.size > 0) this.fetch().catch(() => undefined);
    }, pollMs);
  }

  private stopPolling(): void {
    if (this.pollTimer !== null) this.clock.clearTimeout(this.pollTimer);
    this.pollTimer = null;
  }

  private scheduleGc(): void {
    this.cancelGc();
    this.gcTimer = this.clock.setTimeout(() => {
      this.gcTimer = null;
      if (this.listeners.size === 0 && !this.inFlight) this.onGarbage(this);
    }, this.options.gcMs);
  }

  private cancelGc(): void {
    if (this.gcTimer !== null) this.clock.clearTimeout(this.gcTimer);
    this.gcTimer = null;
  }
}
