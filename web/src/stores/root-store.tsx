import type { ApiClient } from '@junction/core';
import { createContext, type ReactNode, useContext } from 'react';

/**
 * The web app's root store: today core's typed API client (`createApiClient`); the workflow,
 * editor and portal stores (mobx-state-tree models from `@junction/core`, created with
 * `{ api, now, newId }`) join it.
 */
export interface RootStore {
  readonly api: ApiClient;
}

/** What a root store is made from; injected so tests pass fakes. */
export interface RootStoreEnv {
  api: ApiClient;
}

/** Creates the root store from its environment. */
export function createRootStore({ api }: RootStoreEnv): RootStore {
  return { api };
}

const RootStoreContext = createContext<RootStore | null>(null);

/** Makes a root store available to {@link useRootStore} below it. */
export function RootStoreProvider({ store, children }: { store: RootStore; children: ReactNode }) {
  return <RootStoreContext.Provider value={store}>{children}</RootStoreContext.Provider>;
}

/**
 * Returns the root store; throws a helpful error when no {@link RootStoreProvider} is above.
 *
 * @example
 * const { api } = useRootStore();
 */
export function useRootStore(): RootStore {
  const store = useContext(RootStoreContext);
  if (!store) {
    throw new Error('useRootStore must be used inside <RootStoreProvider>; wrap the app in <AppProviders>.');
  }
  return store;
}

/** Returns the root store's API client. */
export function useApi(): ApiClient {
  return useRootStore().api;
}
