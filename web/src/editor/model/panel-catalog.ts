/**
 * The app catalogue the step panels search (editor-core 2.8 "App", 4.1 "App list" phases):
 * the list from GET /api/apps, loaded once, and whole definitions from GET /api/apps/{slug},
 * cached per slug.
 */
import {
  type ApiClient,
  type AppDefinition,
  apiKey,
  type CatalogApp,
  type CatalogTab,
  filterApps,
} from '@junction/core';
import { flow, getEnv, type Instance, types } from 'mobx-state-tree';
import { failureText } from '../../stores/api-failure.js';
import { serverStateOf } from '../../stores/server-state.js';
import type { AppSummaryView } from './types.js';

/** App list phases (editor-core 4.1). */
export type CatalogPhase = 'idle' | 'loading' | 'loaded' | 'failedLoad';

/** Maps a catalogue entry to what core's catalogue rules read. */
export function toCatalogApp(app: AppSummaryView): CatalogApp & AppSummaryView {
  return app.apiType ? { ...app, authInfo: { apiType: app.apiType } } : { ...app };
}

/**
 * Lists the apps the App step offers on a tab for a query: core's rules (Popular is source
 * 'first100' and the Demo CRM, Tools needs no auth, a trigger only apps with triggers, at
 * most 50, matched anywhere, case-insensitive).
 */
export function appOptions(
  apps: readonly AppSummaryView[],
  tab: CatalogTab,
  query: string,
  kind: 'trigger' | 'action' = 'action',
): AppSummaryView[] {
  return filterApps(apps.map(toCatalogApp), { tab, query, kind });
}

/** What the catalogue needs from its tree's environment (the editor store's). */
interface CatalogEnv {
  api: ApiClient;
}

/**
 * The app catalogue of one editor session: a child of the editor store, so it reads the API
 * client from the store's environment.
 */
export const AppCatalogModel = types
  .model('AppCatalog', {})
  .volatile(() => ({
    phase: 'idle' as CatalogPhase,
    apps: [] as AppSummaryView[],
    error: '',
  }))
  .views((self) => ({
    /** The catalogue entry of `slug`, when listed. */
    summary(slug: string): AppSummaryView | undefined {
      return self.apps.find((app) => app.appSlug === slug);
    },
  }))
  .actions((self) => {
    // Reads go through the server-state layer: the list and each definition are cached queries
    // (a definition stays fresh until `forget`; a failure is not kept as data).
    const server = () => serverStateOf(getEnv<CatalogEnv>(self).api);
    const definitionQuery = (slug: string) =>
      server().query(
        '/api/apps/{appSlug}',
        { params: { path: { appSlug: slug } } },
        { staleMs: Number.POSITIVE_INFINITY },
      );
    return {
      /** Loads the list once; a failed load may be retried by calling again. */
      load: flow(function* load() {
        if (self.phase === 'loading' || self.phase === 'loaded') return;
        self.phase = 'loading';
        try {
          const answer: { items: AppSummaryView[] } = yield server().read('/api/apps', undefined);
          self.apps = answer.items.map((item) => ({ ...item }));
          self.phase = 'loaded';
          self.error = '';
        } catch (error) {
          self.phase = 'failedLoad';
          self.error = failureText(error, 'The app list could not be loaded.');
        }
      }),
      /** Forgets the cached definition of `slug` (a custom trigger was added to it): the next read asks again. */
      forget(slug: string): void {
        void server().cache.invalidate(apiKey('/api/apps/{appSlug}', { path: { appSlug: slug } }));
      },
      /** Returns the whole definition of `slug` (cached; a failure is not cached). */
      definition(slug: string): Promise<AppDefinition> {
        const query = definitionQuery(slug);
        const { data } = query.state;
        if (data !== undefined && !query.isStale) return Promise.resolve(data as AppDefinition);
        return query.fetch().then((app) => app as AppDefinition);
      },
    };
  });

/** An app catalogue instance. */
export interface AppCatalog extends Instance<typeof AppCatalogModel> {}
