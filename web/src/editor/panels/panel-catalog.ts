/**
 * The app catalogue the step panels search (editor-core 2.8 "App", 4.1 "App list" phases):
 * the list from GET /api/apps, loaded once, and whole definitions from GET /api/apps/{slug},
 * cached per slug.
 */
import {
  type ApiClient,
  type AppDefinition,
  type CatalogApp,
  type CatalogTab,
  filterApps,
} from '@junction/core';
import { makeAutoObservable, runInAction } from 'mobx';
import { type AppSummaryView, problemMessage } from './panel-common.js';

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

/** The app catalogue of one editor session. */
export class AppCatalog {
  phase: CatalogPhase = 'idle';
  apps: AppSummaryView[] = [];
  error = '';
  private readonly definitions = new Map<string, Promise<AppDefinition>>();

  constructor(private readonly api: ApiClient) {
    makeAutoObservable<AppCatalog, 'api' | 'definitions'>(this, { api: false, definitions: false });
  }

  /** Loads the list once; a failed load may be retried by calling again. */
  async load(): Promise<void> {
    if (this.phase === 'loading' || this.phase === 'loaded') return;
    this.phase = 'loading';
    try {
      const answer = await this.api.get('/api/apps');
      runInAction(() => {
        this.apps = answer.items.map((item) => ({ ...item }));
        this.phase = 'loaded';
        this.error = '';
      });
    } catch (error) {
      runInAction(() => {
        this.phase = 'failedLoad';
        this.error = problemMessage(error, 'The app list could not be loaded.');
      });
    }
  }

  /** The catalogue entry of `slug`, when listed. */
  summary(slug: string): AppSummaryView | undefined {
    return this.apps.find((app) => app.appSlug === slug);
  }

  /** Forgets the cached definition of `slug` (a custom trigger was added to it): the next read asks again. */
  forget(slug: string): void {
    this.definitions.delete(slug);
  }

  /** Returns the whole definition of `slug` (cached; a failure is not cached). */
  definition(slug: string): Promise<AppDefinition> {
    const cached = this.definitions.get(slug);
    if (cached) return cached;
    const loading = this.api
      .get('/api/apps/{appSlug}', { params: { path: { appSlug: slug } } })
      .then((app) => app as AppDefinition);
    loading.catch(() => this.definitions.delete(slug));
    this.definitions.set(slug, loading);
    return loading;
  }
}
