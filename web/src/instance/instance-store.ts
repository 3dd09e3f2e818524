/**
 * Who may come in, in the browser: the set-up page, an invitation link's page, the owner's
 * instance page and the settings page's invitations. A page store of the root
 * (`usePageStore(InstanceStoreModel)`); components never call the API themselves.
 */
import type { ApiClient } from '@junction/core';
import type { Instance } from 'mobx-state-tree';
import { ApiModel } from '../stores/api-model.js';
import { TOKEN_STORAGE_KEY, type TokenStorage } from '../stores/session.js';

const getStatus = (api: ApiClient) => api.get('/api/instance');
const getSettings = (api: ApiClient) => api.get('/api/instance/settings');
const listUsers = (api: ApiClient) => api.get('/api/instance/users');
const listWorkspaces = (api: ApiClient) => api.get('/api/instance/workspaces');
const listInvitations = (api: ApiClient) => api.get('/api/invitations');
const lookUp = (api: ApiClient, token: string) => api.post('/api/invitations/lookup', { body: { token } });
const invite = (api: ApiClient, email: string, role: InvitationRole) =>
  api.post('/api/invitations', { body: { email, role } });

/** The instance's public state (GET /api/instance). */
export type InstanceStatus = Awaited<ReturnType<typeof getStatus>>;
/** The owner's sign-up settings. */
export type InstanceSettings = Awaited<ReturnType<typeof getSettings>>;
/** One account on the instance page. */
export type InstanceUser = Awaited<ReturnType<typeof listUsers>>['items'][number];
/** One workspace on the instance page. */
export type InstanceWorkspace = Awaited<ReturnType<typeof listWorkspaces>>['items'][number];
/** One pending invitation of the workspace. */
export type InvitationItem = Awaited<ReturnType<typeof listInvitations>>['items'][number];
/** What an invitation link offers. */
export type InvitationOffer = Awaited<ReturnType<typeof lookUp>>;
/** An invitation just sent (its link too when mail does not leave over SMTP). */
export type InvitationSent = Awaited<ReturnType<typeof invite>>;
/** A role an invitation can give. */
export type InvitationRole = 'viewer' | 'editor' | 'admin';
/** The sign-up policy the owner chooses. */
export type SignupPolicy = InstanceSettings['signupPolicy'];

/** The account form of the set-up and invitation pages. */
export interface AccountForm {
  email: string;
  password: string;
  firstName?: string;
}

/** The instance and invitation calls, with the API client of the root's environment. */
export const InstanceStoreModel = ApiModel.named('InstanceStore').actions((self) => {
  /** Keeps a new session: the client uses it and the editor and dashboard find it. */
  const keep = (token: string, storage: TokenStorage) => {
    storage.setItem(TOKEN_STORAGE_KEY, token);
    self.api.setToken(token);
  };
  /** The stored session, handed to the client (pages outside the dashboard read it themselves). */
  const adopt = (storage: TokenStorage) => {
    const token = storage.getItem(TOKEN_STORAGE_KEY);
    if (token && !self.api.getToken()) self.api.setToken(token);
    return token;
  };
  return {
    status(): Promise<InstanceStatus> {
      return getStatus(self.api);
    },
    /** Creates the owner on the set-up page and keeps their session. */
    async setUp(form: AccountForm, storage: TokenStorage = window.localStorage) {
      const grant = await self.api.post('/api/instance/setup', { body: form });
      keep(grant.token, storage);
      return grant;
    },
    settings(): Promise<InstanceSettings> {
      return getSettings(self.api);
    },
    saveSettings(signupPolicy: SignupPolicy, signupDomains: string[]): Promise<InstanceSettings> {
      return self.api.put('/api/instance/settings', { body: { signupPolicy, signupDomains } });
    },
    async users(): Promise<InstanceUser[]> {
      return (await listUsers(self.api)).items;
    },
    async workspaces(): Promise<InstanceWorkspace[]> {
      return (await listWorkspaces(self.api)).items;
    },
    setDisabled(userId: string, disabled: boolean): Promise<InstanceUser> {
      return self.api.put('/api/instance/users/{userId}/disabled', {
        params: { path: { userId } },
        body: { disabled },
      });
    },
    async invitations(): Promise<InvitationItem[]> {
      return (await listInvitations(self.api)).items;
    },
    invite(email: string, role: InvitationRole): Promise<InvitationSent> {
      return invite(self.api, email, role);
    },
    resend(invitationId: string): Promise<InvitationSent> {
      return self.api.post('/api/invitations/{invitationId}/resend', { params: { path: { invitationId } } });
    },
    async revoke(invitationId: string): Promise<void> {
      await self.api.delete('/api/invitations/{invitationId}', { params: { path: { invitationId } } });
    },
    lookUp(token: string): Promise<InvitationOffer> {
      return lookUp(self.api, token);
    },
    /** The stored session's account, or null when nobody is signed in here. */
    async signedInEmail(storage: TokenStorage = window.localStorage): Promise<string | null> {
      if (!adopt(storage)) return null;
      try {
        return (await self.api.get('/api/auth/me')).email;
      } catch {
        return null;
      }
    },
    /** Makes a workspace the account belongs to the session's current one. */
    async switchTo(tenantId: string): Promise<void> {
      await self.api.post('/api/tenants/{tenantId}/switch', { params: { path: { tenantId } } });
    },
    /** A new person sets a password: the account joins the invitation's workspace (onboarding 3 invitationToken). */
    async joinAsNew(token: string, form: AccountForm, storage: TokenStorage = window.localStorage) {
      const grant = await self.api.post('/api/auth/sign-up', { body: { ...form, invitationToken: token } });
      keep(grant.token, storage);
      return grant;
    },
    /** An existing account signs in here (unless it is already) and joins the workspace, which becomes current. */
    async joinAsExisting(
      token: string,
      login: { email: string; password: string } | null,
      storage: TokenStorage = window.localStorage,
    ) {
      if (login) keep((await self.api.post('/api/auth/log-in', { body: login })).token, storage);
      else adopt(storage);
      const joined = await self.api.post('/api/invitations/accept', { body: { token } });
      await self.api.post('/api/tenants/{tenantId}/switch', { params: { path: { tenantId: joined.tenant.id } } });
      return joined;
    },
  };
});

/** The instance store's instance type. */
export interface InstanceStore extends Instance<typeof InstanceStoreModel> {}
