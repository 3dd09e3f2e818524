/** The pages of who may come in, loaded on demand by the router (the owner's /instance is pages/InstancePage.tsx). */
export { InvitePage } from './InvitePage.js';
export { SetUpPage } from './SetUpPage.js';
