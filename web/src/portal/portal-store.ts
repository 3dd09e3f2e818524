/**
 * The developer portal's store (forms-dp 2.3–2.10, 7): the app list for the picker, the app
 * being edited as a plain definition, its listing, and every save. Pages change a copy of the
 * definition and hand it to `save`; the answer becomes the new definition. Failures become
 * messages the pages show (the old product only logged them, forms-dp 8).
 */

import type { AuthTestResult, Listing } from '@junction/api-spec';
import {
  type ApiType,
  type AppDefinition,
  AppModel,
  apiKey,
  describeProblem,
  isApiError,
  type KeyEditResult,
  type ServerState,
} from '@junction/core';
import type { Instance } from 'mobx-state-tree';
import { failureText } from '../stores/api-failure.js';
import { ApiModel } from '../stores/api-model.js';
import { type Resource, resourceOf } from '../stores/server-state.js';
import { browserSessionPlatform, establishSession, type SessionPlatform } from '../stores/session.js';

/** A catalogue entry as GET /api/apps answers it. */
export interface AppSummary {
  appSlug: string;
  appName: string;
  category?: string;
  iconURL?: string;
  apiType?: ApiType;
  editable?: boolean;
  listingStatus?: string;
  completionStatus?: 'Complete' | 'In Progress';
}

/** The marketplace listing (forms-dp 3 "SEO/listing record"): the contract's Listing. */
export type { Listing };

/** What Create Integration sends (forms-dp 2.4, 3 "Create-integration draft"). */
export interface IntegrationDraft {
  name: string;
  description: string;
  homepage: string;
  icon: string;
  category: string;
  status: 'Draft' | 'Published' | 'Beta' | 'Coming Soon';
}

/** The outcome of a save: ok, or a message naming what went wrong (and the field when known). */
export type SaveResult = { ok: true } | { ok: false; message: string; field?: string };

/** The auth test outcome: the contract's AuthTestResult. */
export type { AuthTestResult };

/**
 * Reads a user-facing message and field out of any thrown value: an API failure as core's
 * message table words it (with the field its Problem names), anything else (a bug in the page)
 * as `fallback`.
 */
export function describeError(error: unknown, fallback: string): { message: string; field?: string } {
  if (isApiError(error)) {
    const { text, field } = describeProblem(error);
    return field ? { message: text, field } : { message: text };
  }
  return { message: fallback };
}

/** The catalogue's read (GET /api/apps); its entries are the picker's `AppSummary`. */
const appsQuery = (server: ServerState) => server.query('/api/apps', undefined);
type Catalogue = NonNullable<ReturnType<typeof appsQuery>['state']['data']>;

/** The portal's volatile state: definitions stay plain objects, replaced whole, never mutated. */
interface PortalState {
  /** The app being edited, as the server last answered it (or as edited locally before Save). */
  app: AppDefinition | null;
  appSlug: string | null;
  appError: string | null;
  isLoadingApp: boolean;
  isSaving: boolean;
  /** forms-dp 2.3: the Status picker is held locally and saved on the next save. */
  pendingStatus: 'Complete' | 'In Progress' | null;
  listing: Listing | null;
  /** Whether the session token was looked for (the pages wait for it); null until then. */
  hasSession: boolean | null;
  /** True once a page asked for the catalogue (`loadApps`). */
  isCatalogueWanted: boolean;
}

/**
 * The portal's state and calls, a page store of the root (pages share it, so moving
 * between them keeps the open app). The API client comes from the root's environment.
 */
export const PortalStoreModel = ApiModel.named('PortalStore')
  .volatile(
    (): PortalState => ({
      app: null,
      appSlug: null,
      appError: null,
      isLoadingApp: false,
      isSaving: false,
      pendingStatus: null,
      listing: null,
      hasSession: null,
      isCatalogueWanted: false,
    }),
  )
  .views((self) => ({
    /**
     * The catalogue (GET /api/apps) as a resource, or null until a page asked for it with
     * `loadApps` (once the session is known: a read without it would only be refused).
     */
    get catalogue(): Resource<Catalogue> | null {
      return self.isCatalogueWanted ? resourceOf(appsQuery(self.server)) : null;
    },
  }))
  .views((self) => ({
    /** The catalogue's apps, or null before its first answer. */
    get apps(): AppSummary[] | null {
      return (self.catalogue?.data?.items as AppSummary[] | undefined) ?? null;
    },
    /** True while the catalogue's first answer is awaited. */
    get isLoadingApps(): boolean {
      const state = self.catalogue?.state;
      return state !== undefined && state.data === undefined && state.isFetching;
    },
    /** Why the catalogue could not be read (lead + core's table), or null. */
    get appsError(): string | null {
      const state = self.catalogue?.state;
      return state?.status === 'error' ? failureText(state.error, 'The apps could not be loaded.') : null;
    },
  }))
  .views((self) => ({
    /** The apps the caller may edit (its own), by name. */
    get editableApps(): AppSummary[] {
      return (self.apps ?? []).filter((a) => a.editable);
    },
    /** Whether the client holds a session token (connecting an account needs one). */
    get hasToken(): boolean {
      return Boolean(self.api.getToken());
    },
  }))
  .actions((self) => ({
    /** Sets part of the state (every asynchronous step below goes through it). */
    assign(patch: Partial<PortalState>) {
      Object.assign(self, patch);
    },
  }))
  .actions((self) => ({
    /** Records whether a session exists. */
    setSession(hasSession: boolean) {
      self.assign({ hasSession });
    },
    /** Closes the open app (the picker was cleared). */
    closeApp() {
      self.assign({ appSlug: null, app: null, listing: null, pendingStatus: null, appError: null });
    },
    /** Holds the Status picker's choice until the next save (forms-dp 2.3). */
    setPendingStatus(status: 'Complete' | 'In Progress') {
      self.assign({ pendingStatus: status });
    },
    /** Changes the open app locally (saved by the next `save`). */
    setApp(next: AppDefinition) {
      self.assign({ app: next });
    },
  }))
  .actions((self) => ({
    /**
     * Looks for the session (a `c` in the address is exchanged once, else the stored token,
     * editor-core 2.1) and records whether there is one; answers it too.
     */
    async startSession(platform: SessionPlatform = browserSessionPlatform()): Promise<boolean> {
      let hasSession = false;
      try {
        hasSession = Boolean(await establishSession(self.server, platform));
      } catch {
        hasSession = false;
      }
      self.setSession(hasSession);
      return hasSession;
    },

    /** Reads the catalogue for the picker again (forms-dp 7 GET /api/apps; Try again); a failure is `appsError`. */
    async loadApps(): Promise<void> {
      self.assign({ isCatalogueWanted: true });
      await appsQuery(self.server)
        .fetch()
        .catch(() => undefined);
    },

    /** Opens an app for editing; does nothing when it is already open. */
    async openApp(slug: string, force = false): Promise<void> {
      if (!force && self.appSlug === slug && (self.app || self.isLoadingApp)) return;
      self.assign({ appSlug: slug, app: null, listing: null, pendingStatus: null, appError: null, isLoadingApp: true });
      try {
        const app = await self.server.read('/api/apps/{appSlug}', { params: { path: { appSlug: slug } } });
        if (self.appSlug === slug) self.assign({ app: app as AppDefinition });
      } catch (error) {
        if (self.appSlug === slug) {
          self.assign({
            appError: failureText(error, `The app '${slug}' could not be loaded.`),
          });
        }
      } finally {
        if (self.appSlug === slug) self.assign({ isLoadingApp: false });
      }
    },

    /** Reads one app's definition without opening it (the auth-info form, forms-dp 2.2). */
    async readApp(slug: string): Promise<AppDefinition> {
      return (await self.server.read('/api/apps/{appSlug}', { params: { path: { appSlug: slug } } })) as AppDefinition;
    },

    /** Registers a new app (POST /api/apps); throws the API's error. */
    async registerApp(definition: AppDefinition): Promise<void> {
      await self.server.mutate((client) => client.post('/api/apps', { body: definition }), {
        invalidates: [apiKey('/api/apps')],
      });
    },

    /** Replaces an app's whole definition (PUT /api/apps/{slug}); answers the stored one, throws the API's error. */
    async replaceApp(slug: string, definition: AppDefinition): Promise<AppDefinition> {
      return (await self.server.mutate(
        (client) =>
          client.put('/api/apps/{appSlug}', {
            params: { path: { appSlug: slug } },
            body: definition,
          }),
        // The catalogue and the editor's copy of this definition read it again.
        { invalidates: [apiKey('/api/apps'), apiKey('/api/apps/{appSlug}', { path: { appSlug: slug } })] },
      )) as AppDefinition;
    },

    /** The caller's accounts of an app, for the Test tabs (forms-dp 2.6). */
    async listCredentials(appSlug: string): Promise<{ id: string; name: string }[]> {
      const list = await self.server.read('/api/credentials', { params: { query: { app: appSlug } } });
      return list.items.map((c) => ({ id: c.id, name: c.name }));
    },

    /** Sends one action as a workflow step would (the action editor's Test tab, forms-dp 2.9). */
    async testAction(
      appSlug: string,
      actionKey: string,
      body:
        | { credential: string; values: Record<string, string> }
        | { authValues: Record<string, string>; values: Record<string, string> },
    ): Promise<AuthTestResult> {
      return (await self.server.mutate((client) =>
        client.post('/api/apps/{appSlug}/actions/{actionKey}/test', {
          params: { path: { appSlug, actionKey } },
          body,
        }),
      )) as AuthTestResult;
    },

    /** The user and a single-use ticket for the account sign-in pop-up (editor-core 7.3). */
    async signInTicket(): Promise<{ userId: string; ticket: string }> {
      const userId = (await self.server.read('/api/auth/me', undefined)).id;
      const { ticket } = await self.server.mutate((client) => client.post('/api/auth/popup-ticket'));
      return { userId, ticket };
    },
  }))
  .actions((self) => ({
    /**
     * Saves a whole definition (every portal Save, forms-dp 7): PUT /api/apps/{slug}, with the
     * held Status. The answer becomes the open app and the picker's entry is refreshed.
     */
    async save(next: AppDefinition | null = self.app): Promise<SaveResult> {
      if (!next || !self.appSlug) return { ok: false, message: 'No app is open.' };
      const slug = self.appSlug;
      const body = self.pendingStatus ? { ...next, completionStatus: self.pendingStatus } : next;
      self.assign({ isSaving: true });
      try {
        const saved = await self.replaceApp(slug, body);
        // The catalogue was read again by the save's invalidation.
        if (self.appSlug === slug) self.assign({ app: saved, pendingStatus: null });
        return { ok: true };
      } catch (error) {
        return { ok: false, ...describeError(error, 'The app could not be saved.') };
      } finally {
        self.assign({ isSaving: false });
      }
    },

    /**
     * Uploads an image as the app's logo (forms-dp 3 "App Logo": an upload or a URL); the
     * server points the app's iconURL and listing icon at it. The open app is read again.
     */
    async uploadIcon(slug: string, file: Blob): Promise<SaveResult & { iconURL?: string }> {
      try {
        const { iconURL } = await self.server.mutate(
          (client) =>
            client.put('/api/apps/{appSlug}/icon', {
              params: { path: { appSlug: slug } },
              // The raw image bytes, as they are (not JSON).
              body: file as unknown as string,
              bodySerializer: (bytes: unknown) => bytes as string,
              headers: { 'content-type': 'application/octet-stream' },
            }),
          // The catalogue and this app's definition name the new logo.
          { invalidates: [apiKey('/api/apps'), apiKey('/api/apps/{appSlug}', { path: { appSlug: slug } })] },
        );
        await self.openApp(slug, true);
        await self.loadApps();
        return { ok: true, iconURL };
      } catch (error) {
        return { ok: false, message: failureText(error, 'The logo was not uploaded.'), field: 'icon' };
      }
    },

    /**
     * Creates an app from the Create Integration form (forms-dp 2.4, 7): POST /api/apps (the
     * server creates the Draft listing), then the listing's description and homepage. Answers
     * the slug, or a message.
     */
    async create(draft: IntegrationDraft, slug: string): Promise<SaveResult & { slug?: string }> {
      const definition: AppDefinition = {
        appSlug: slug,
        appName: draft.name.trim(),
        category: draft.category.trim(),
        iconURL: draft.icon.trim(),
        completionStatus: 'In Progress',
        disableAuth: false,
        apiDocs: '',
        actions: {},
        triggers: {},
        authInfo: {},
      };
      if (definition.iconURL === '') delete definition.iconURL;
      self.assign({ isSaving: true });
      try {
        await self.registerApp(definition);
        await self.server.mutate((client) =>
          client.put('/api/apps/{appSlug}/listing', {
            params: { path: { appSlug: slug } },
            // The listing starts as Draft on the server; the Publish Status chosen here is kept.
            body: { description: draft.description, homepage: draft.homepage.trim(), status: draft.status },
          }),
        );
        await self.loadApps();
        return { ok: true, slug };
      } catch (error) {
        return { ok: false, ...describeError(error, 'The integration could not be created.') };
      } finally {
        self.assign({ isSaving: false });
      }
    },

    /** Loads the open app's listing (forms-dp 2.5). */
    async loadListing(): Promise<SaveResult> {
      const slug = self.appSlug;
      if (!slug) return { ok: false, message: 'No app is open.' };
      try {
        const listing = await self.server.read('/api/apps/{appSlug}/listing', { params: { path: { appSlug: slug } } });
        if (self.appSlug === slug) self.assign({ listing: listing as Listing });
        return { ok: true };
      } catch (error) {
        return { ok: false, ...describeError(error, 'The listing could not be loaded.') };
      }
    },

    /** Saves the listing fields (created when none exists, forms-dp 2.5). */
    async saveListing(
      input: Partial<Omit<Listing, 'appSlug' | 'formDataEndpoint' | 'updatedAt'>>,
    ): Promise<SaveResult> {
      const slug = self.appSlug;
      if (!slug) return { ok: false, message: 'No app is open.' };
      try {
        const listing = await self.server.mutate((client) =>
          client.put('/api/apps/{appSlug}/listing', {
            params: { path: { appSlug: slug } },
            body: input,
          }),
        );
        self.assign({ listing: listing as Listing });
        return { ok: true };
      } catch (error) {
        return { ok: false, ...describeError(error, 'The listing could not be saved.') };
      }
    },

    /**
     * Runs the auth test with typed values or a connected account (forms-dp 2.6); the server
     * saves the outcome on the app, which is updated here.
     */
    async testAuth(input: { values?: Record<string, string>; credential?: string }): Promise<AuthTestResult> {
      const slug = self.appSlug;
      if (!slug) throw new Error('No app is open.');
      const result = await self.server.mutate((client) =>
        client.post('/api/apps/{appSlug}/test-auth', {
          params: { path: { appSlug: slug } },
          body: input,
        }),
      );
      const app = self.app;
      if (app && self.appSlug === slug) {
        self.assign({
          app: { ...app, authInfo: { ...app.authInfo, testResponse: result.response, testResponseStatus: result.ok } },
        });
      }
      return result as AuthTestResult;
    },
  }));

/** The portal store's instance type. */
export interface PortalStore extends Instance<typeof PortalStoreModel> {}

/**
 * Applies a model edit to a copy of a definition through core's AppModel (key renames that
 * carry triggers and testAuth along, auth scheme seeds), answering the new definition or the
 * edit's message.
 *
 * @example editWithModel(app, (m) => m.renameActionKey('old', 'new'))
 */
export function editWithModel(
  app: AppDefinition,
  edit: (model: ReturnType<typeof AppModel.create>) => KeyEditResult | undefined,
): { ok: true; app: AppDefinition } | { ok: false; message: string } {
  const model = AppModel.create(structuredClone(app) as never);
  const result = edit(model);
  if (result && !result.ok) return result;
  return { ok: true, app: { ...app, ...model.toDefinition() } };
}
