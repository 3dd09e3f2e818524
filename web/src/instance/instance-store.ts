/**
 * Who may come in, in the browser: the set-up page, an invitation link's page, the owner's
 * instance page and the settings page's invitations. A page store of the root
 * (`usePageStore(InstanceStoreModel)`) over the server-state layer: the lists are resources
 * (read in an observer, each with one loading / error state), every write names the lists it
 * changes; components never call the API themselves.
 */
import { apiKey, type ServerState } from '@junction/core';
import type { Instance } from 'mobx-state-tree';
import { ApiModel } from '../stores/api-model.js';
import { type Resource, resourceOf } from '../stores/server-state.js';
import { TOKEN_STORAGE_KEY, type TokenStorage } from '../stores/session.js';

const statusQuery = (server: ServerState) => server.query('/api/instance', undefined);
const settingsQuery = (server: ServerState) => server.query('/api/instance/settings', undefined);
const usersQuery = (server: ServerState) => server.query('/api/instance/users', undefined);
const workspacesQuery = (server: ServerState) => server.query('/api/instance/workspaces', undefined);
const invitationsQuery = (server: ServerState) => server.query('/api/invitations', undefined);
const lookUp = (server: ServerState, token: string) =>
  server.mutate((api) => api.post('/api/invitations/lookup', { body: { token } }));
const invite = (server: ServerState, email: string, role: InvitationRole) =>
  server.mutate((api) => api.post('/api/invitations', { body: { email, role } }), {
    invalidates: [INVITATIONS_KEY],
  });

type DataOf<Q extends { state: { data: unknown } }> = NonNullable<Q['state']['data']>;

/** The instance's public state (GET /api/instance). */
export type InstanceStatus = DataOf<ReturnType<typeof statusQuery>>;
/** The owner's sign-up settings. */
export type InstanceSettings = DataOf<ReturnType<typeof settingsQuery>>;
/** The instance page's accounts (GET /api/instance/users). */
export type InstanceUsers = DataOf<ReturnType<typeof usersQuery>>;
/** One account on the instance page. */
export type InstanceUser = InstanceUsers['items'][number];
/** The instance page's workspaces. */
export type InstanceWorkspaces = DataOf<ReturnType<typeof workspacesQuery>>;
/** One workspace on the instance page. */
export type InstanceWorkspace = InstanceWorkspaces['items'][number];
/** The workspace's pending invitations (GET /api/invitations). */
export type Invitations = DataOf<ReturnType<typeof invitationsQuery>>;
/** One pending invitation of the workspace. */
export type InvitationItem = Invitations['items'][number];
/** What an invitation link offers. */
export type InvitationOffer = Awaited<ReturnType<typeof lookUp>>;
/** An invitation just sent (its link too when mail does not leave over SMTP). */
export type InvitationSent = Awaited<ReturnType<typeof invite>>;
/** A role an invitation can give. */
export type InvitationRole = 'viewer' | 'editor' | 'admin';
/** The sign-up policy the owner chooses. */
export type SignupPolicy = InstanceSettings['signupPolicy'];

const STATUS_KEY = apiKey('/api/instance');
const SETTINGS_KEY = apiKey('/api/instance/settings');
const USERS_KEY = apiKey('/api/instance/users');
const INVITATIONS_KEY = apiKey('/api/invitations');
/** The signed-in account (its workspaces and the current one). */
const ME_KEY = apiKey('/api/auth/me');

/** The account form of the set-up and invitation pages. */
export interface AccountForm {
  email: string;
  password: string;
  firstName?: string;
}

/** The instance and invitation calls, through the server-state layer of the root's environment. */
export const InstanceStoreModel = ApiModel.named('InstanceStore')
  .views((self) => ({
    /** The owner's sign-up settings as a resource. */
    get settings(): Resource<InstanceSettings> {
      return resourceOf(settingsQuery(self.server));
    },
    /** Every account of the instance as a resource. */
    get users(): Resource<InstanceUsers> {
      return resourceOf(usersQuery(self.server));
    },
    /** Every workspace of the instance as a resource. */
    get workspaces(): Resource<InstanceWorkspaces> {
      return resourceOf(workspacesQuery(self.server));
    },
    /** The current workspace's pending invitations as a resource. */
    get invitations(): Resource<Invitations> {
      return resourceOf(invitationsQuery(self.server));
    },
  }))
  .actions((self) => {
    /** Keeps a new session: the client uses it and the editor and dashboard find it. */
    const keep = (token: string, storage: TokenStorage) => {
      storage.setItem(TOKEN_STORAGE_KEY, token);
      self.api.setToken(token);
      // Nothing read without this session (or with another) may show now.
      self.server.cache.clear();
    };
    /** The stored session, handed to the client (pages outside the dashboard read it themselves). */
    const adopt = (storage: TokenStorage) => {
      const token = storage.getItem(TOKEN_STORAGE_KEY);
      if (token && !self.api.getToken()) self.api.setToken(token);
      return token;
    };
    return {
      /** The instance's public state: whether it has an owner yet. */
      status(): Promise<InstanceStatus> {
        return statusQuery(self.server).fetch();
      },
      /** Creates the owner on the set-up page and keeps their session. */
      async setUp(form: AccountForm, storage: TokenStorage = window.localStorage) {
        const grant = await self.server.mutate((api) => api.post('/api/instance/setup', { body: form }), {
          invalidates: [STATUS_KEY],
        });
        keep(grant.token, storage);
        return grant;
      },
      /** Saves who may sign up; the settings resource shows the stored answer. */
      saveSettings(signupPolicy: SignupPolicy, signupDomains: string[]): Promise<InstanceSettings> {
        return self.server.mutate(
          (api) => api.put('/api/instance/settings', { body: { signupPolicy, signupDomains } }),
          {
            onSuccess: (saved, cache) => cache.find<InstanceSettings>(SETTINGS_KEY)?.setData(saved),
          },
        );
      },
      /** Disables an account (its sessions end) or enables it again; the list shows it at once. */
      setDisabled(userId: string, disabled: boolean): Promise<InstanceUser> {
        return self.server.mutate(
          (api) =>
            api.put('/api/instance/users/{userId}/disabled', { params: { path: { userId } }, body: { disabled } }),
          {
            optimistic: [
              {
                key: USERS_KEY,
                update: (old) => {
                  const list = old as InstanceUsers | undefined;
                  return list && { ...list, items: list.items.map((u) => (u.id === userId ? { ...u, disabled } : u)) };
                },
              },
            ],
            invalidates: [USERS_KEY],
          },
        );
      },
      /** Invites an address with a role. */
      invite(email: string, role: InvitationRole): Promise<InvitationSent> {
        return invite(self.server, email, role);
      },
      /** Sends an invitation again (a new link, a new week). */
      resend(invitationId: string): Promise<InvitationSent> {
        return self.server.mutate(
          (api) => api.post('/api/invitations/{invitationId}/resend', { params: { path: { invitationId } } }),
          { invalidates: [INVITATIONS_KEY] },
        );
      },
      /** Revokes an invitation; it leaves the list at once. */
      async revoke(invitationId: string): Promise<void> {
        await self.server.mutate(
          (api) => api.delete('/api/invitations/{invitationId}', { params: { path: { invitationId } } }),
          {
            optimistic: [
              {
                key: INVITATIONS_KEY,
                update: (old) => {
                  const list = old as Invitations | undefined;
                  return list && { ...list, items: list.items.filter((i) => i.id !== invitationId) };
                },
              },
            ],
            invalidates: [INVITATIONS_KEY],
          },
        );
      },
      /** What an invitation link offers (a used, revoked or expired link fails `invitation.invalid`). */
      lookUp(token: string): Promise<InvitationOffer> {
        return lookUp(self.server, token);
      },
      /** The stored session's account, or null when nobody is signed in here. */
      async signedInEmail(storage: TokenStorage = window.localStorage): Promise<string | null> {
        if (!adopt(storage)) return null;
        try {
          return (await self.server.read('/api/auth/me', undefined)).email;
        } catch {
          return null;
        }
      },
      /** Makes a workspace the account belongs to the session's current one: every read is of another workspace now. */
      async switchTo(tenantId: string): Promise<void> {
        await self.server.mutate(
          (api) => api.post('/api/tenants/{tenantId}/switch', { params: { path: { tenantId } } }),
          {
            invalidates: [[]],
          },
        );
      },
      /** A new person sets a password: the account joins the invitation's workspace (onboarding 3 invitationToken). */
      async joinAsNew(token: string, form: AccountForm, storage: TokenStorage = window.localStorage) {
        const grant = await self.server.mutate((api) =>
          api.post('/api/auth/sign-up', { body: { ...form, invitationToken: token } }),
        );
        keep(grant.token, storage);
        return grant;
      },
      /** An existing account signs in here (unless it is already) and joins the workspace, which becomes current. */
      async joinAsExisting(
        token: string,
        login: { email: string; password: string } | null,
        storage: TokenStorage = window.localStorage,
      ) {
        if (login)
          keep((await self.server.mutate((api) => api.post('/api/auth/log-in', { body: login }))).token, storage);
        else adopt(storage);
        const joined = await self.server.mutate((api) => api.post('/api/invitations/accept', { body: { token } }), {
          invalidates: [ME_KEY],
        });
        await self.server.mutate(
          (api) => api.post('/api/tenants/{tenantId}/switch', { params: { path: { tenantId: joined.tenant.id } } }),
          { invalidates: [[]] },
        );
        return joined;
      },
    };
  });

/** The instance store's instance type. */
export interface InstanceStore extends Instance<typeof InstanceStoreModel> {}
