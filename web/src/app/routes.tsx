import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { type LoaderFunction, Navigate, Outlet, type RouteObject, useParams } from 'react-router-dom';
import { EditorPage } from '../pages/EditorPage.js';
import { NotFoundPage } from '../pages/NotFoundPage.js';
import type * as Portal from '../portal/index.js';
import { Spinner } from '../ui/index.js';
import { RouteErrorNotice } from './RouteErrorNotice.js';
import { NOT_FOUND_PATH, ROUTE_PATTERNS, type RoutePattern } from './route-table.js';

// Every page but the editor ('/') and the small 404 page loads on demand, so the editor's first
// load stays small (initial JavaScript stays under 350 KB gzip). The editor stays in the entry
// chunk: it is the page most visits open, and its sign-up modal must paint without a second
// round trip. The developer portal (with its code editor) is the largest lazy chunk.
const loadPortal = () => import('../portal/index.js');
type PortalPageName =
  | 'ActionEditorPage'
  | 'ActionsPage'
  | 'AddAuthFormPage'
  | 'AppOverviewPage'
  | 'AppPickerPage'
  | 'AuthenticationEditPage'
  | 'AuthenticationPage'
  | 'CreateIntegrationPage'
  | 'EditAppsPage'
  | 'TriggerSettingsPage'
  | 'TriggersPage';
function portalPage<K extends PortalPageName>(name: K) {
  return lazy(async () => ({ default: (await loadPortal())[name] as (typeof Portal)[K] }));
}
const ActionEditorPage = portalPage('ActionEditorPage');
const ActionsPage = portalPage('ActionsPage');
const AddAuthFormPage = portalPage('AddAuthFormPage');
const AppOverviewPage = portalPage('AppOverviewPage');
const AppPickerPage = portalPage('AppPickerPage');
const AuthenticationEditPage = portalPage('AuthenticationEditPage');
const AuthenticationPage = portalPage('AuthenticationPage');
const CreateIntegrationPage = portalPage('CreateIntegrationPage');
const EditAppsPage = portalPage('EditAppsPage');
const TriggerSettingsPage = portalPage('TriggerSettingsPage');
const TriggersPage = portalPage('TriggersPage');
// The replay viewer and the dashboard pages load on demand too.
const ReplayPage = lazy(async () => ({ default: (await import('../pages/ReplayPage.js')).ReplayPage }));
const loadDashboard = () => import('../dashboard/index.js');
type DashboardPageName =
  | 'WorkflowsPage'
  | 'ConnectionsPage'
  | 'SettingsPage'
  | 'AuditPage'
  | 'RunsPage'
  | 'ProfilePage'
  | 'DashboardHomePage'
  | 'SupportPage';
// The dashboard's pages are loaded by the router before it renders them (the route's `lazy`),
// not through Suspense, which holds a page back up to 300 ms after its fallback showed.
function dashboardRoute(name: DashboardPageName): LazyRoute {
  return { lazy: async () => ({ Component: (await loadDashboard())[name] }) };
}
const DemoCrmPage = lazy(async () => ({ default: (await import('../demo-crm/DemoCrmPage.js')).DemoCrmPage }));
const DocsPage = lazy(async () => ({ default: (await import('../docs/DocsPage.js')).DocsPage }));
const loadInstance = () => import('../instance/index.js');
const SetUpPage = lazy(async () => ({ default: (await loadInstance()).SetUpPage }));
const InvitePage = lazy(async () => ({ default: (await loadInstance()).InvitePage }));
const InstancePage = lazy(async () => ({ default: (await import('../pages/InstancePage.js')).InstancePage }));
// The public form and the form builder are loaded by the router before it renders them (the
// route's `lazy`), not through Suspense: React holds a Suspense reveal back by up to 300 ms,
// which made /form/new take over a second (BENCHMARKS.md "Form builder").
let loadedFormPage: typeof import('../forms/renderer/PublicFormPage.js').PublicFormPage | null = null;
function PublicFormRoute() {
  const { formId, pageId } = useParams();
  // The route's `lazy` below has loaded the page before the router renders this.
  const Page = loadedFormPage;
  return Page ? <Page formId={formId} pageId={pageId} /> : null;
}
/** A page the router loads before it renders it. */
interface LazyRoute {
  lazy: () => Promise<{ Component: ComponentType; loader?: LoaderFunction }>;
}
const formRoute: LazyRoute = {
  lazy: async () => {
    const page = await import('../forms/renderer/PublicFormPage.js');
    loadedFormPage = page.PublicFormPage;
    return {
      Component: PublicFormRoute,
      // The builder's chunk (/form/new, ?edit=1) arrives before the page renders, as the page did.
      loader: async ({ params, request }) => {
        await page.loadBuilderFor(params.formId, new URL(request.url).search);
        return null;
      },
    };
  },
};
const loadShopify = () => import('../pages/ShopifyPages.js');
const ShopifyAuthorizePage = lazy(async () => ({ default: (await loadShopify()).ShopifyAuthorizePage }));
const ShopifyInstallRedirectPage = lazy(async () => ({ default: (await loadShopify()).ShopifyInstallRedirectPage }));

// Typed by pattern so a route added to the table without a page fails to compile.
const pages: Record<RoutePattern, (() => ReactNode) | LazyRoute> = {
  // The canvas editor (editor-core 2); without a session it shows the "Workflow Editor" title.
  '/': () => <EditorPage />,
  '/dashboard': dashboardRoute('DashboardHomePage'),
  '/shopify': () => <ShopifyAuthorizePage />,
  '/shopify/admin/oauth/redirect_to_install': () => <ShopifyInstallRedirectPage />,
  // onboarding 2 "Execution replay page".
  '/executions/:execID': () => <ReplayPage />,
  // The dashboard behind the editor's Exit.
  '/workflows': dashboardRoute('WorkflowsPage'),
  '/connections': dashboardRoute('ConnectionsPage'),
  '/settings': dashboardRoute('SettingsPage'),
  '/audit': dashboardRoute('AuditPage'),
  // The workspace's run search and bulk actions (docs/runs-at-scale.md), linked from the home's Runs card.
  '/runs': dashboardRoute('RunsPage'),
  '/support': dashboardRoute('SupportPage'),
  '/profile': dashboardRoute('ProfilePage'),
  '/demo-crm': () => <DemoCrmPage />,
  '/addAuthForm': () => <AddAuthFormPage />,
  // Not shown in forms-dp 2.1: the workspace's own apps, to open in the portal or the auth form.
  '/editApps': () => <EditAppsPage />,
  // forms-dp 2.2; /form/new and ?edit=1 open the form builder.
  '/form/:formId': formRoute,
  // onboarding 2 "Form loading page": the page id is the form id.
  '/page/:pageId': formRoute,
  '/develop/': () => <AppPickerPage />,
  '/develop/new': () => <CreateIntegrationPage />,
  '/develop/:appSlug': () => <AppOverviewPage />,
  '/develop/:appSlug/authentication': () => <AuthenticationPage />,
  '/develop/:appSlug/authentication/edit': () => <AuthenticationEditPage />,
  '/develop/:appSlug/actions': () => <ActionsPage />,
  '/develop/:appSlug/actions/:actionKey/settings': () => <ActionEditorPage tab="settings" />,
  '/develop/:appSlug/actions/:actionKey/input': () => <ActionEditorPage tab="input" />,
  '/develop/:appSlug/actions/:actionKey/input/:id': () => <ActionEditorPage tab="field" />,
  '/develop/:appSlug/actions/:actionKey/api': () => <ActionEditorPage tab="api" />,
  '/develop/:appSlug/actions/:actionKey/test': () => <ActionEditorPage tab="test" />,
  '/develop/:appSlug/triggers': () => <TriggersPage />,
  '/develop/:appSlug/triggers/:triggerKey/settings': () => <TriggerSettingsPage />,
  '/docs': () => <DocsPage />,
  '/docs/:page': () => <DocsPage />,
  '/setup': () => <SetUpPage />,
  '/invite/:token': () => <InvitePage />,
  '/instance': () => <InstancePage />,
  '/404': () => <NotFoundPage />,
};

/**
 * The app's route objects for a data router: one exact, case-sensitive route per entry
 * of forms-dp 2.1, and a catch-all that redirects to /404. Render errors inside a page
 * show the crash notice.
 *
 * @example
 * const router = createBrowserRouter(appRoutes);
 */
export const appRoutes: RouteObject[] = [
  {
    element: (
      <Suspense fallback={<Spinner label="Loading page" />}>
        <Outlet />
      </Suspense>
    ),
    errorElement: <RouteErrorNotice />,
    children: [
      ...ROUTE_PATTERNS.map((path): RouteObject => {
        const page = pages[path];
        return typeof page === 'function'
          ? { path, caseSensitive: true, element: page() }
          : { path, caseSensitive: true, lazy: page.lazy };
      }),
      // forms-dp 2.1: any other path redirects to /404 (replace, so Back does not bounce).
      { path: '*', element: <Navigate to={NOT_FOUND_PATH} replace /> },
    ],
  },
];
