/**
 * Implements the AppsService contract (kernel/contracts/apps.ts): the catalogue (built-ins plus
 * portal apps), portal app definitions checked with core's rules, listings, auth tests run
 * through `executeStep` and the guarded client, and the Demo CRM's keys.
 *
 * OAuth client secrets are sealed by the vault in their own column and answered as
 * SECRET_SENTINEL; saving the sentinel back keeps the stored secret.
 */
import {
  type AppDefinition,
  type AppProblem,
  applyWorkspaceEventsChange,
  appSlugSkeleton,
  checkNewAppSlug,
  hasTriggers,
  publicSurfaceOf,
  takenEventsProblem,
  validateAppDefinition,
  withWorkspaceEvents,
} from '@junction/core';
import { appIconUrl, imageTypeOf, MAX_APP_ICON_BYTES } from '../integrations/app-icons.js';
import { getBuiltinApp, isBuiltinApp, listBuiltinApps, toAppDefinition } from '../integrations/builtin/index.js';
import { clientSecretContext, type RunnableApp, toRunnable } from '../integrations/registry.js';
import type { AppSummaryView, AppsService, ListingStatus, ListingView } from '../kernel/contracts/apps.js';
import { nowIso } from '../kernel/clock.js';
import { conflict, forbidden, notFound, unprocessable } from '../kernel/errors.js';
import type { PlatformDeps } from '../deps.js';
import { SECRET_SENTINEL, type Services } from '../kernel/types.js';
import { createAppIconStore } from '../store/repos/app-icons.js';
import { createDbDemoCrmStorage } from '../store/repos/demo-crm.js';
import { createPortalAppStore, type PortalAppRecord } from '../store/repos/portal-apps.js';
import { createWorkspaceEventsStore } from '../store/repos/workspace-events.js';
import { createAppTestRunner } from './app-tests.js';
import { isInstanceOperator } from './operators.js';
import { createShopifyInstallService, SHOPIFY_APP_SLUG } from './shopify.js';

/**
 * Slugs of the instance's own hand-offs (forms-dp 2.11): only an operator may declare them,
 * since the hand-off uses whichever app holds the slug.
 */
export const HANDOFF_SLUGS: readonly string[] = [SHOPIFY_APP_SLUG];

/** The default name of the account the Demo CRM key button creates. */
export const DEMO_CRM_ACCOUNT_NAME = 'Demo CRM';

/** Builds the apps service. */
export function createAppsService(
  deps: PlatformDeps,
  /** Stores the Demo CRM key and the Shopify token (wired by compose.ts, without the account check). */
  collaborators: { credentials: Pick<Services['credentials'], 'list' | 'create' | 'update'> },
): AppsService {
  const store = createPortalAppStore(deps.handle.db);
  const added = createWorkspaceEventsStore(deps.handle.db);
  const icons = createAppIconStore(deps.handle.db);
  const demoCrm = createDbDemoCrmStorage(deps.handle.db, { now: () => new Date(deps.now()) });
  const { credentials } = collaborators;
  const shopify = createShopifyInstallService(deps, { credentials });
  const { valuesForTest, runAuthTest, runActionTest } = createAppTestRunner(deps);
  // The built-ins never change: their catalogue entries are computed once.
  const builtinSummaries = listBuiltinApps().map((app) => ({ ...summaryOf(toAppDefinition(app)), editable: false }));
  const builtinSlugs = listBuiltinApps().map((app) => app.appSlug);

  /** The tenant's own app, or a Problem: 404 when invisible, 403 when built-in or another tenant's. */
  const ownApp = async (tenantId: string, slug: string): Promise<PortalAppRecord> => {
    if (isBuiltinApp(slug)) throw forbidden('Built-in apps cannot be edited.');
    const record = await store.get(tenantId, slug);
    if (!record) throw notFound('App');
    if (record.tenantId !== tenantId)
      throw forbidden('This app belongs to another workspace; only its authors can edit it.');
    return record;
  };

  /** Checks a definition from the portal and seals its client secret. */
  const prepare = (
    definition: AppDefinition,
    owner: Pick<PortalAppRecord, 'tenantId' | 'slug'>,
    previousSecret: PortalAppRecord['clientSecret'],
  ) => {
    checkDefinition(definition);
    const stored = structuredClone(definition);
    const clientInfo = stored.authInfo.clientInfo;
    const incoming = clientInfo?.client_secret;
    if (clientInfo) delete clientInfo.client_secret;
    let clientSecret: PortalAppRecord['clientSecret'] = null;
    if (incoming === SECRET_SENTINEL) {
      if (!previousSecret) {
        throw unprocessable('There is no stored client secret to keep.', 'authInfo.clientInfo.client_secret');
      }
      clientSecret = previousSecret;
    } else if (typeof incoming === 'string' && incoming !== '') {
      clientSecret = deps.vault.encrypt(incoming, clientSecretContext(owner));
    }
    return { stored, clientSecret };
  };

  const listingOf = (record: PortalAppRecord): ListingView => {
    const saved = (record.listing ?? {}) as Partial<ListingView>;
    return {
      appSlug: record.slug,
      name: saved.name ?? record.definition.appName,
      description: saved.description ?? '',
      homepage: saved.homepage ?? '',
      icon: saved.icon ?? record.definition.iconURL ?? '',
      category: saved.category ?? record.definition.category ?? '',
      group: saved.group ?? record.definition.group ?? '',
      status: (saved.status ?? record.listingStatus) as ListingStatus,
      formDataEndpoint: saved.formDataEndpoint ?? record.definition.lambdaURL ?? '',
      updatedAt: saved.updatedAt ?? record.updatedAt,
    };
  };

  return {
    async list(ctx) {
      const portal = await store.listVisible(ctx.tenantId);
      return [
        ...builtinSummaries,
        ...portal.map(
          (p) =>
            ({
              ...p.summary,
              editable: p.tenantId === ctx.tenantId,
              listingStatus: p.listingStatus as ListingStatus,
            }) as AppSummaryView,
        ),
      ];
    },

    async create(ctx, definition) {
      const slug = definition.appSlug;
      // Built-in and catalogue apps, and (but for an operator) the hand-offs, with their look-alikes.
      const taken = (await isInstanceOperator(deps, ctx)) ? builtinSlugs : [...builtinSlugs, ...HANDOFF_SLUGS];
      const slugProblem = typeof slug === 'string' ? checkNewAppSlug(slug, taken) : undefined;
      if (slugProblem?.reason === 'reserved') throw conflict(slugProblem.message, 'appSlug');
      const at = nowIso(deps);
      const owner = { tenantId: ctx.tenantId, slug };
      const { stored, clientSecret } = prepare({ completionStatus: 'In Progress', ...definition }, owner, null);
      if (await store.exists(slug)) throw conflict(`An app with the slug '${slug}' already exists.`, 'appSlug');
      const lookAlike = await store.findLookAlike(appSlugSkeleton(slug));
      if (lookAlike) {
        throw conflict(`'${slug}' looks like the app '${lookAlike}'; choose a name of its own.`, 'appSlug');
      }
      const record: PortalAppRecord = {
        slug,
        tenantId: ctx.tenantId,
        definition: stored,
        summary: summaryOf(stored),
        clientSecret,
        listing: null,
        listingStatus: 'Draft',
        createdAt: at,
        updatedAt: at,
      };
      // forms-dp 2.4: the listing record is created at app-create time, as Draft.
      record.listing = { ...listingOf(record), status: 'Draft' };
      try {
        await store.insert(record);
      } catch (error) {
        // Two creates racing for one slug: the primary key decides.
        if (await store.exists(slug)) throw conflict(`An app with the slug '${slug}' already exists.`, 'appSlug');
        throw error;
      }
      return browserView(record);
    },

    async get(ctx, slug) {
      const builtin = getBuiltinApp(slug);
      // onboarding 4: an app the workspace does not own shows the custom triggers it added.
      if (builtin) return withWorkspaceEvents(toAppDefinition(builtin), await added.get(ctx.tenantId, slug));
      const record = await store.get(ctx.tenantId, slug);
      if (!record) throw notFound('App');
      if (record.tenantId === ctx.tenantId) return browserView(record);
      // Another workspace reads a published app's declared surface only.
      return withWorkspaceEvents(publicSurfaceOf(record.definition), await added.get(ctx.tenantId, slug));
    },

    async putWorkspaceEvents(ctx, slug, events) {
      const builtin = getBuiltinApp(slug);
      const record = builtin ? undefined : await store.get(ctx.tenantId, slug);
      if (!builtin && !record) throw notFound('App');
      if (record?.tenantId === ctx.tenantId) {
        throw unprocessable(
          'This is your own app: add its triggers to its definition in the developer portal.',
          'appSlug',
        );
      }
      const app = builtin ? toAppDefinition(builtin) : publicSurfaceOf((record as PortalAppRecord).definition);
      // Core's rule, which the custom-trigger wizard asks where the noun is typed.
      const taken = takenEventsProblem(app, events);
      if (taken) throw conflict(taken.text, taken.path);
      // The additions follow the portal's rules, checked as an app of their own over the app's auth.
      const next = applyWorkspaceEventsChange(await added.get(ctx.tenantId, slug), events);
      checkDefinition({ appSlug: slug, appName: app.appName, authInfo: { apiType: app.authInfo?.apiType }, ...next });
      await added.put(ctx.tenantId, slug, next, nowIso(deps));
      return withWorkspaceEvents(app, next);
    },

    async update(ctx, slug, definition) {
      const previous = await ownApp(ctx.tenantId, slug);
      if (definition.appSlug !== slug) {
        throw unprocessable(`appSlug must stay '${slug}'; an app's slug cannot change.`, 'appSlug');
      }
      const { stored, clientSecret } = prepare(
        keepTestResult(definition, previous.definition),
        previous,
        previous.clientSecret,
      );
      const updatedAt = nowIso(deps);
      await store.update(ctx.tenantId, slug, {
        definition: stored,
        summary: summaryOf(stored),
        clientSecret,
        updatedAt,
      });
      return browserView({ definition: stored, clientSecret });
    },

    async uploadIcon(ctx, slug, bytes) {
      const record = await ownApp(ctx.tenantId, slug);
      if (bytes.length === 0) throw unprocessable('Choose an image to upload as the App Logo.', 'icon');
      if (bytes.length > MAX_APP_ICON_BYTES) throw unprocessable('The App Logo must be at most 256 KB.', 'icon');
      const contentType = imageTypeOf(bytes);
      if (!contentType) throw unprocessable('The App Logo must be a PNG, JPEG, GIF or WebP image.', 'icon');
      const at = nowIso(deps);
      await icons.put(slug, contentType, bytes, at);
      const iconURL = appIconUrl(slug, bytes);
      const definition = { ...record.definition, iconURL };
      const listing = { ...listingOf(record), icon: iconURL, updatedAt: at };
      await store.update(ctx.tenantId, slug, {
        definition,
        summary: summaryOf(definition),
        listing: { ...listing },
        updatedAt: at,
      });
      return { iconURL };
    },

    async getIcon(slug) {
      const icon = await icons.get(slug);
      if (!icon) throw notFound('App logo');
      return icon;
    },

    async getListing(ctx, slug) {
      const builtin = getBuiltinApp(slug);
      if (builtin) return builtinListing(toAppDefinition(builtin));
      const record = await store.get(ctx.tenantId, slug);
      if (!record) throw notFound('App');
      const listing = listingOf(record);
      // The data endpoint is how the app works, not what it declares: its author's only.
      return record.tenantId === ctx.tenantId ? listing : { ...listing, formDataEndpoint: '' };
    },

    async updateListing(ctx, slug, input) {
      const record = await ownApp(ctx.tenantId, slug);
      const updatedAt = nowIso(deps);
      const next: ListingView = { ...listingOf(record), ...definedOnly(input), updatedAt };
      await store.update(ctx.tenantId, slug, { listing: { ...next }, listingStatus: next.status, updatedAt });
      return next;
    },

    async testAuth(ctx, slug, input) {
      const builtin = getBuiltinApp(slug);
      const record = builtin ? undefined : await store.get(ctx.tenantId, slug);
      // The Test panel is the authors' (forms-dp 2.6): the request as sent and the remote's answer
      // show the author's address, headers and fixed values, so another workspace's app is not found.
      if (!builtin && (!record || record.tenantId !== ctx.tenantId)) throw notFound('App');
      const app: RunnableApp = builtin ?? toRunnable(record!, deps.vault);
      const authValues = await valuesForTest(ctx.tenantId, app, input);
      const result = await runAuthTest(app, authValues);
      // forms-dp 4: the outcome is saved on the app (only the owner's; built-ins are not stored).
      if (record) {
        const definition = structuredClone(record.definition);
        definition.authInfo = { ...definition.authInfo, testResponse: result.response, testResponseStatus: result.ok };
        await store.update(ctx.tenantId, slug, { definition, summary: summaryOf(definition) });
      }
      return result;
    },

    async testAction(ctx, slug, actionKey, input) {
      const builtin = getBuiltinApp(slug);
      const record = builtin ? undefined : await store.get(ctx.tenantId, slug);
      // The Test tab is the authors' (forms-dp 2.10): another workspace's app, even published, is not found.
      if (!builtin && (!record || record.tenantId !== ctx.tenantId)) throw notFound('App');
      const app: RunnableApp = builtin ?? toRunnable(record!, deps.vault);
      if (!Object.hasOwn(app.actions, actionKey)) throw notFound('Action');
      const authValues = await valuesForTest(ctx.tenantId, app, {
        credential: input.credential,
        values: input.authValues,
      });
      return runActionTest(app, actionKey, input.values ?? {}, authValues);
    },

    async createDemoCrmKey(ctx, input) {
      const name = input.name?.trim() || DEMO_CRM_ACCOUNT_NAME;
      const apiKey = await demoCrm.issueApiKey(ctx.tenantId);
      const credential = await credentials.create(ctx, { app: 'demo-crm', name, values: { api_key: apiKey } });
      return { apiKey, credential };
    },

    async demoCrmStorage() {
      return demoCrm;
    },

    verifyShopifyInstall(visitor, query) {
      return shopify.verifyInstall(visitor, query);
    },

    finishShopifyInstall(ctx, query) {
      return shopify.connectStore(ctx, query);
    },
  };
}

/**
 * The auth test result is the server's to write (testAuth): a saved definition keeps the
 * stored result while the scheme stays the same, and loses it when the scheme changes or auth
 * is deleted; whatever the body says is ignored.
 */
function keepTestResult(next: AppDefinition, previous: AppDefinition): AppDefinition {
  const { testResponse: _response, testResponseStatus: _status, ...authInfo } = next.authInfo ?? {};
  const before = previous.authInfo ?? {};
  if (authInfo.apiType && authInfo.apiType === before.apiType && before.testResponseStatus !== undefined) {
    return {
      ...next,
      authInfo: { ...authInfo, testResponse: before.testResponse, testResponseStatus: before.testResponseStatus },
    };
  }
  return { ...next, authInfo };
}

/**
 * Checks a definition with core's rules; the first problem answers 422 naming its field,
 * every problem listed in `errors`. An OAuth 2.0 app without a test action may be saved: its
 * auth test then fails with the spec's message (forms-dp 8).
 */
function checkDefinition(definition: AppDefinition): void {
  const problems: AppProblem[] = validateAppDefinition(definition).errors.filter((p) => p.code !== 'no-test-action');
  const icon = definition.iconURL?.trim() ?? '';
  if (icon !== '' && !/^(https?:\/\/|\/(?!\/))/i.test(icon)) {
    problems.unshift({
      code: 'invalid-value',
      path: 'iconURL',
      message: 'App Logo must be a URL (https://… or /…), not inline data.',
    });
  }
  if (problems.length === 0) return;
  const [first] = problems;
  throw unprocessable(
    first.message,
    first.path,
    problems.map((p) => ({ field: p.path, message: p.message })),
  );
}

/** The catalogue entry of a definition: what the list shows, undefined keys left out. */
function summaryOf(app: AppDefinition): Omit<AppSummaryView, 'editable'> {
  return definedOnly({
    appSlug: app.appSlug,
    appName: app.appName,
    category: app.category,
    group: app.group,
    source: app.source,
    iconURL: app.iconURL,
    completionStatus: app.completionStatus,
    disableAuth: app.disableAuth,
    apiType: app.authInfo?.apiType,
    hasTriggers: hasTriggers(app),
  }) as Omit<AppSummaryView, 'editable'>;
}

/** A definition as a browser may see it: the client secret replaced by the sentinel. */
function browserView(record: Pick<PortalAppRecord, 'definition' | 'clientSecret'>): AppDefinition {
  const view = structuredClone(record.definition);
  if (record.clientSecret) {
    view.authInfo.clientInfo = { ...view.authInfo.clientInfo, client_secret: SECRET_SENTINEL };
  }
  return view;
}

/** A built-in's listing: synthesised, Published, read-only. */
function builtinListing(app: AppDefinition): ListingView {
  return {
    appSlug: app.appSlug,
    name: app.appName,
    description: '',
    homepage: '',
    icon: app.iconURL ?? '',
    category: app.category ?? '',
    group: app.group ?? '',
    status: 'Published',
    formDataEndpoint: '',
    updatedAt: new Date(0).toISOString(),
  };
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
