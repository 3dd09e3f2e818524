import type { ReactNode } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { EditorPage } from '../editor/EditorPage.js';
import { NotFoundPage } from '../pages/NotFoundPage.js';
import { PlaceholderPage, UnbuiltPage } from '../pages/PlaceholderPage.js';
import { ShopifyAuthorizePage, ShopifyInstallRedirectPage } from '../pages/ShopifyPages.js';
import { RouteErrorNotice } from './ErrorBoundary.js';
import { NOT_FOUND_PATH, ROUTE_PATTERNS, type RoutePattern } from './route-table.js';

const portal = (purpose: string) => <UnbuiltPage title="Developer portal" purpose={purpose} />;

// Typed by pattern so a route added to the table without a page fails to compile.
const pages: Record<RoutePattern, () => ReactNode> = {
  // The canvas editor (editor-core 2); without a session it shows the "Workflow Editor" title.
  '/': () => <EditorPage />,
  '/dashboard': () => <PlaceholderPage title="Dashboard" />,
  '/shopify': () => <ShopifyAuthorizePage />,
  '/shopify/admin/oauth/redirect_to_install': () => <ShopifyInstallRedirectPage />,
  '/executions/:execID': () => <UnbuiltPage title="Execution replay" purpose="The replay of one execution" />,
  '/workflows': () => <PlaceholderPage title="Workflows" />,
  '/connections': () => <PlaceholderPage title="Connections" />,
  '/settings': () => <PlaceholderPage title="Settings" />,
  '/support': () => <PlaceholderPage title="Support" />,
  '/profile': () => <PlaceholderPage title="User Profile" />,
  '/addAuthForm': () => <UnbuiltPage title="API Info" purpose="The app-auth registration form" />,
  '/editApps': () => <UnbuiltPage title="Edit apps" purpose="Editing of registered apps" />,
  '/form/:formId': () => <UnbuiltPage title="Form" purpose="The public form page" />,
  '/page/:pageId': () => <UnbuiltPage title="Form" purpose="The public page that loads a form definition" />,
  '/develop/': () => portal('The app picker'),
  '/develop/new': () => portal('Create integration'),
  '/develop/:appSlug': () => portal('App Overview'),
  '/develop/:appSlug/authentication': () => portal('Authentication: choose or view the auth scheme'),
  '/develop/:appSlug/authentication/edit': () => portal('Authentication: step-by-step configuration and Test panel'),
  '/develop/:appSlug/actions': () => portal('Actions table'),
  '/develop/:appSlug/actions/:actionKey/settings': () => portal('Action settings'),
  '/develop/:appSlug/actions/:actionKey/input': () => portal('Action Form Design'),
  '/develop/:appSlug/actions/:actionKey/input/:id': () => portal('Edit one field of the action form'),
  '/develop/:appSlug/actions/:actionKey/api': () => portal('Action API Configuration'),
  '/develop/:appSlug/triggers': () => portal('Triggers list'),
  '/develop/:appSlug/triggers/:triggerKey/settings': () => portal('Trigger settings and form design'),
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
    element: <Outlet />,
    errorElement: <RouteErrorNotice />,
    children: [
      ...ROUTE_PATTERNS.map((path) => ({ path, caseSensitive: true, element: pages[path]() })),
      // forms-dp 2.1: any other path redirects to /404 (replace, so Back does not bounce).
      { path: '*', element: <Navigate to={NOT_FOUND_PATH} replace /> },
    ],
  },
];
