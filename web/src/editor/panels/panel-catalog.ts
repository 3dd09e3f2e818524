/**
 * The app catalogue the step panels search (editor-core 2.8 "App", 4.1 "App list" phases):
 * the list from GET /api/apps, loaded once, and whole definitions from GET /api/apps/{slug},
 * cached per slug.
 */
import { type ApiClient, type AppDefinition, type CatalogApp, type CatalogTab, filterApps } from '@junction/core';
import { flow, getEnv, type Instance, types } from 'mobx-state-tree';
import { failureText } from '../../stores/api-failure.js';
import type { AppSummaryView } from './panel-common.js';

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
    // Whole definitions, cached per slug; a failure is not cached. Not state: never observed.
    const definitions = new Map<string, Promise<AppDefinition>>();
    const api = () => getEnv<CatalogEnv>(self).api;
    return {
      /** Loads the list once; a failed load may be retried by calling again. */
      load: flow(function* load() {
        if (self.phase === 'loading' || self.phase === 'loaded') return;
        self.phase = 'loading';
        try {
          const answer: { items: AppSummaryView[] } = yield api().get('/api/apps');
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
        definitions.delete(slug);
      },
      /** Returns the whole definition of `slug` (cached; a failure is not cached). */
      definition(slug: string): Promise<AppDefinition> {
        const cached = definitions.get(slug);
        if (cached) return cached;
        const loading = api()
          .get('/api/apps/{appSlug}', { params: { path: { appSlug: slug } } })
          .then((app) => app as AppDefinition);
        loading.catch(() => definitions.delete(slug));
        definitions.set(slug, loading);
        return loading;
      },
    };
  });

/** An app catalogue instance. */
export interface AppCatalog extends Instance<typeof AppCatalogModel> {}
