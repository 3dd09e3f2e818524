/**
 * The signed-in account's calls (the dashboard's session, the account menu, the profile, the
 * Shopify install pages): a page store of the root (`usePageStore(AccountStoreModel)`). It owns the session token's
 * hand-over between the address, local storage and the API client (`stores/session.ts`).
 */
import { apiKey, type ServerState } from '@junction/core';
import type { Instance } from 'mobx-state-tree';
import { ApiModel } from '../stores/api-model.js';
import { type Resource, resourceOf } from '../stores/server-state.js';
import { establishDashboardSession, type Me } from '../stores/dashboard-session.js';
import { browserSessionPlatform, type SessionPlatform, type TokenStorage } from '../stores/session.js';
import { type SignOutScope, signOut } from '../stores/sign-out.js';

const sessionsQuery = (server: ServerState) => server.query('/api/auth/sessions', undefined);
/** The account's active sessions as GET /api/auth/sessions lists them. */
export type SessionList = NonNullable<ReturnType<typeof sessionsQuery>['state']['data']>;
/** One active session. */
export type SessionItem = SessionList['items'][number];
const SESSIONS_KEY = apiKey('/api/auth/sessions');

/** The account's calls, with the API client of the root's environment. */
export const AccountStoreModel = ApiModel.named('AccountStore')
  .views((self) => ({
    /** The session token the client holds, or null. */
    get token(): string | null {
      return self.api.getToken();
    },
    /** The account's active sessions as a resource (read in an observer). */
    get sessions(): Resource<SessionList> {
      return resourceOf(sessionsQuery(self.server));
    },
  }))
  .actions((self) => ({
    /**
     * Establishes the dashboard's session from the address (`c`) or local storage; answers
     * the user, or null when nobody is signed in.
     */
    startSession(platform: SessionPlatform = browserSessionPlatform()): Promise<Me | null> {
      return establishDashboardSession(self.server, platform);
    },
    /** Gives the client a token found elsewhere (local storage) when it holds none. */
    adoptToken(token: string) {
      if (!self.api.getToken()) self.api.setToken(token);
    },
    /** Forgets the client's token (the server said the session ended). */
    dropToken() {
      self.api.setToken(null);
    },
    /** The signed-in user (GET /api/auth/me). */
    me() {
      return self.server.read('/api/auth/me', undefined);
    },
    /** A single-use ticket for the account sign-in pop-up (editor-core 7.3). */
    async popupTicket(): Promise<string> {
      return (await self.server.mutate((api) => api.post('/api/auth/popup-ticket'))).ticket;
    },
    /** Changes the password; a wrong current password fails on the field `currentPassword`. */
    async changePassword(currentPassword: string, newPassword: string): Promise<void> {
      // A new password ends the other sessions.
      await self.server.mutate((api) => api.post('/api/auth/password', { body: { currentPassword, newPassword } }), {
        invalidates: [SESSIONS_KEY],
      });
    },
    /** Ends one session of the account; it leaves the list at once (back again when refused). */
    async endSession(sessionId: string): Promise<void> {
      await self.server.mutate(
        (api) => api.delete('/api/auth/sessions/{sessionId}', { params: { path: { sessionId } } }),
        {
          optimistic: [
            {
              key: SESSIONS_KEY,
              update: (old) => {
                const list = old as SessionList | undefined;
                return list && { ...list, items: list.items.filter((s) => s.id !== sessionId) };
              },
            },
          ],
          invalidates: [SESSIONS_KEY],
        },
      );
    },
    /** Signs out (this browser or everywhere); answers the address of the sign-in screen. */
    async signOut(scope: SignOutScope, userId?: string, storage: TokenStorage = window.localStorage): Promise<string> {
      // Nothing read for this account may show to the next one: the layer's cache is cleared too.
      return signOut(self.server, storage, scope, userId);
    },
    /** Checks a Shopify install link (its HMAC); answers the shop's authorize address. */
    async startShopifyInstall(query: string): Promise<string> {
      return (await self.server.mutate((api) => api.post('/api/public/shopify/install', { body: { query } })))
        .authorizeUrl;
    },
    /** Finishes a Shopify install with the return query: the shop's account is stored. */
    finishShopifyInstall(query: string) {
      return self.server.mutate((api) => api.post('/api/shopify/install/finish', { body: { query } }));
    },
  }));

/** The account store's instance type. */
export interface AccountStore extends Instance<typeof AccountStoreModel> {}
