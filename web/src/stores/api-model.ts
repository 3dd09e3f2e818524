/**
 * The base of every page store: an empty mobx-state-tree model whose `server` view is core's
 * server-state layer over the API client of the environment it was created with (the root's
 * `RootStoreEnv`, or a light entry's own `{ api }`). A store is `ApiModel.named('…').actions(…)`:
 * reads are `self.server.query(…)` (a shared, cached resource), writes `self.server.mutate(…)`
 * naming what they change.
 */
import type { ApiClient, ServerState } from '@junction/core';
import { getEnv, types } from 'mobx-state-tree';
import { serverStateOf } from './server-state.js';

/** An empty model with the environment's server-state layer as `server` (and its client as `api`). */
export const ApiModel = types.model('ApiModel', {}).views((self) => ({
  /** Core's server-state layer over the environment's client: one cache per client. */
  get server(): ServerState {
    return serverStateOf(getEnv<{ api: ApiClient }>(self).api);
  },
  /** Core's typed API client, from the environment; prefer `server` for reads and writes. */
  get api(): ApiClient {
    return getEnv<{ api: ApiClient }>(self).api;
  },
}));
