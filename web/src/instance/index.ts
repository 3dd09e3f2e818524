/** The pages of who may come in, loaded on demand by the router. */
export { InstancePage } from './InstancePage.js';
export { InvitePage } from './InvitePage.js';
export { SetUpPage } from './SetUpPage.js';
