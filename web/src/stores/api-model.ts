/**
 * The base of every page store: an empty mobx-state-tree model whose `api` view reads core's
 * API client from the environment it was created with (the root's `RootStoreEnv`, or a light
 * entry's own `{ api }`). A store is `ApiModel.named('…').actions(…)`.
 */
import type { ApiClient } from '@junction/core';
import { getEnv, types } from 'mobx-state-tree';

/** An empty model with the environment's API client as `api`. */
export const ApiModel = types.model('ApiModel', {}).views((self) => ({
  /** Core's typed API client, from the environment. */
  get api(): ApiClient {
    return getEnv<{ api: ApiClient }>(self).api;
  },
}));
