/** Tables of step tests and OAuth: OAuth pop-up states and the auth status of credentials (refresh leases, health). */

/**
 * `oauth_states`: one OAuth 2.0 pop-up flow between `/auth/{app}` and its redirect. Only the
 * sha-256 of the `state` and of the browser-binding cookie are stored; a row is used once.
 */
export interface OAuthStatesTable {
  /** sha-256 (hex) of the random `state` sent to the provider. */
  state_hash: string;
  tenant_id: string;
  user_id: string;
  /** The editor session that started the flow; the flow fails if it has ended. */
  session_id: string;
  /** sha-256 (hex) of the HttpOnly cookie set on the pop-up when the flow started. */
  browser_hash: string;
  app: string;
  /** Reconnect this credential instead of creating one, else null. */
  credential_id: string | null;
  /** PKCE code verifier, when the app asks for PKCE, else null. */
  code_verifier: string | null;
  expires_at: string;
  /** When the redirect consumed it (ISO), else null. */
  used_at: string | null;
  created_at: string;
}

/**
 * `credential_auth`: bookkeeping beside `credentials` (one row per credential, created on
 * first need): the token version every OAuth refresh bumps (compare-and-swap), the refresh
 * lease that makes one process refresh while the others wait, and the health shown in the
 * credential view.
 */
export interface CredentialAuthTable {
  credential_id: string;
  tenant_id: string;
  /** Incremented by every stored refresh; a refresh is only written over the version it read. */
  token_version: number;
  /** Who holds the refresh lease (a random id per resolver instance), else null. */
  lease_owner: string | null;
  /** Until when the lease holds (ISO); an expired lease may be taken over. */
  lease_until: string | null;
  /** 1 when the provider refused the refresh token (`invalid_grant`) or a check failed. */
  needs_reconnect: number;
  /** What the user reads about the connection, e.g. 'Connection expired, please reconnect an account'. */
  status_message: string | null;
  /** When the connection was last checked (ISO), else null. */
  checked_at: string | null;
  updated_at: string;
}

/** Tables of step tests and OAuth. */
export interface StepTables {
  oauth_states: OAuthStatesTable;
  credential_auth: CredentialAuthTable;
}
