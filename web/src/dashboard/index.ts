/** The dashboard pages behind the editor's Exit, loaded on demand by the router. */
export { AuditPage } from './AuditPage.js';
export { ConnectionsPage } from './ConnectionsPage.js';
export { DashboardHomePage } from './DashboardHomePage.js';
export { ProfilePage } from './ProfilePage.js';
export { RunsPage } from './RunsPage.js';
export { SettingsPage } from './SettingsPage.js';
export { SupportPage } from './SupportPage.js';
export { WorkflowsPage } from './WorkflowsPage.js';
