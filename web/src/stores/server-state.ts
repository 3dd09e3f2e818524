/**
 * Web's thin adapter over core's server-state layer (the role react-query plays over
 * query-core): one layer per API client, and a query seen through a mobx atom, so a model's
 * view or an `observer` component that reads it subscribes, and the query pauses its polling
 * and aborts its request when the last reader is gone (DESIGN "web": server state).
 */
import {
  type ApiClient,
  createServerState,
  describeProblem,
  type Query,
  type QueryState,
  type ServerState,
  type ShownProblem,
} from '@junction/core';
import { createAtom, type IAtom } from 'mobx';

const layers = new WeakMap<ApiClient, ServerState>();

/**
 * Returns the server-state layer of an API client, creating it on first use: every store made
 * with the same client shares one cache (one request in flight per resource).
 */
export function serverStateOf(api: ApiClient): ServerState {
  let layer = layers.get(api);
  if (!layer) {
    layer = createServerState(api);
    layers.set(api, layer);
  }
  return layer;
}

/** A query as models and components read it; every getter is observable through mobx. */
export interface Resource<T> {
  /** The query's whole state. */
  readonly state: QueryState<T>;
  /** The last answer's data, or undefined before one. */
  readonly data: T | undefined;
  /** True before the first answer while it is being asked for. */
  readonly isLoading: boolean;
  /** The failure as the screen shows it (core's message table), or null. */
  readonly problem: ShownProblem | null;
  /** Asks again now (a Try again button); shares a request in flight. */
  refetch(): Promise<void>;
  /** The query itself, for invalidation and optimistic edits. */
  readonly query: Query<T>;
}

const atoms = new WeakMap<Query<unknown>, IAtom>();

/** The mobx atom of a query: observed → subscribed; unobserved → unsubscribed. */
function atomOf(query: Query<unknown>): IAtom {
  let atom = atoms.get(query);
  if (atom) return atom;
  let stop: (() => void) | null = null;
  const created: IAtom = createAtom(
    `query ${query.hash}`,
    () => {
      stop = query.subscribe(() => created.reportChanged());
    },
    () => {
      stop?.();
      stop = null;
    },
  );
  atom = created;
  atoms.set(query, atom);
  return atom;
}

/**
 * Returns the query seen as a {@link Resource}. Reading it inside a reaction, a computed view
 * or an `observer` component observes the query; outside them it reads the state once.
 *
 * @example
 * const rows = resourceOf(server.query('/api/dashboard/workflows', undefined, { pollMs: 15_000 }));
 * // in an observer component: rows.isLoading, rows.data, rows.problem?.text
 */
export function resourceOf<T>(query: Query<T>): Resource<T> {
  const atom = atomOf(query as Query<unknown>);
  const read = (): QueryState<T> => {
    atom.reportObserved();
    return query.state;
  };
  return {
    query,
    get state() {
      return read();
    },
    get data() {
      return read().data;
    },
    get isLoading() {
      const state = read();
      return state.status === 'pending';
    },
    get problem() {
      const state = read();
      return state.status === 'error' ? describeProblem(state.error) : null;
    },
    refetch: () =>
      query.fetch().then(
        () => undefined,
        () => undefined,
      ),
  };
}
