/**
 * The developer portal (forms-dp 2.1, 2.3–2.10; onboarding 2 'API Info'): one page per
 * `/develop/...` route, `/addAuthForm` and `/editApps`. Explicit named exports.
 */
export { ActionEditorPage, ActionsPage } from './pages/ActionPages.js';
export { AddAuthFormPage } from './pages/AddAuthFormPage.js';
export { AppOverviewPage, AppPickerPage, CreateIntegrationPage } from './pages/AppPages.js';
export { AuthenticationEditPage, AuthenticationPage } from './pages/AuthPages.js';
export { EditAppsPage } from './pages/EditAppsPage.js';
export { TriggerSettingsPage, TriggersPage } from './pages/TriggerPages.js';
export type { AppSummary, IntegrationDraft, Listing, SaveResult } from './portal-store.js';
export { type PortalStore, PortalStoreModel } from './portal-store.js';
