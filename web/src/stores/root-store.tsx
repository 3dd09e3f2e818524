import type { ApiClient } from '@junction/core';
import { getEnv, type IAnyModelType, type Instance, types } from 'mobx-state-tree';
import { createContext, type ReactNode, useContext } from 'react';
import { PublicFormStoreContext, PublicFormStoreModel } from './public-form-store.js';
import { editorRootActions } from './root-editor.js';
import type { RootStoreEnv } from './root-env.js';

/**
 * The web app's one root store: a mobx-state-tree model created with {@link RootStoreEnv}.
 * Page and panel models are children of it (or created through its actions), so they share
 * the environment and no component talks to the API itself.
 */
export const RootStoreModel = types
  .model('RootStore', {})
  .views((self) => ({
    /** The environment the store was created with. */
    get env(): RootStoreEnv {
      return getEnv<RootStoreEnv>(self);
    },
    /** Core's typed API client. */
    get api(): ApiClient {
      return getEnv<RootStoreEnv>(self).api;
    },
  }))
  // Editor and onboarding: the boot prefetch, the editor store, the premium offer's requests.
  .actions(editorRootActions)
  // Pages' stores (account, dashboard, demo CRM, executions, form builder, public form, portal).
  .actions((self) => {
    const pageStores = new Map<IAnyModelType, unknown>();
    return {
      /**
       * The page store of a model type, created on first use with the root's environment and
       * kept (moving between portal pages keeps the open app). The type is passed in, so the
       * root store loads no page's code (the form entry shares it).
       *
       * @example
       * const portal = root.pageStore(PortalStoreModel);
       */
      pageStore<T extends IAnyModelType>(type: T): Instance<T> {
        const known = pageStores.get(type);
        if (known) return known as Instance<T>;
        const store: Instance<T> = type.create({}, self.env);
        pageStores.set(type, store);
        return store;
      },
    };
  });

/** The root store's instance type. */
export interface RootStore extends Instance<typeof RootStoreModel> {}

/** Makes an environment from an API client with the browser's clock and random ids. */
export function browserEnv(api: ApiClient): RootStoreEnv {
  return { api, now: () => Date.now(), newId: () => crypto.randomUUID() };
}

/**
 * Creates the root store from its environment; `now` and `newId` default to the platform's.
 *
 * @example
 * const store = createRootStore({ api: createApiClient({ baseUrl: location.origin }) });
 */
export function createRootStore(env: Pick<RootStoreEnv, 'api'> & Partial<RootStoreEnv>): RootStore {
  return RootStoreModel.create({}, { ...browserEnv(env.api), ...env });
}

const RootStoreContext = createContext<RootStore | null>(null);

/** Makes a root store available to {@link useRootStore} below it. */
export function RootStoreProvider({ store, children }: { store: RootStore; children: ReactNode }) {
  return (
    <RootStoreContext.Provider value={store}>
      <PublicFormStoreContext.Provider value={store.pageStore(PublicFormStoreModel)}>
        {children}
      </PublicFormStoreContext.Provider>
    </RootStoreContext.Provider>
  );
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

/**
 * Returns the page store of a model type (see `pageStore`).
 *
 * @example
 * const dashboard = usePageStore(DashboardStoreModel);
 */
export function usePageStore<T extends IAnyModelType>(type: T): Instance<T> {
  return useRootStore().pageStore(type);
}
