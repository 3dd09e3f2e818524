/** Tables of who may come in: the instance's owner and sign-up policy, workspace invitations. */

/** `instance_settings`: one row (id 'instance'): the owner and the sign-up policy the owner chose. */
export interface InstanceSettingsTable {
  id: string;
  /** The instance owner's user id; null until the set-up page (or the first open sign-up) made one. */
  owner_user_id: string | null;
  /** 'open' | 'invite' | 'domains', or null: not chosen (invitation only once an owner exists). */
  signup_policy: string | null;
  /** Comma list of domains for the 'domains' policy. */
  signup_domains: string;
  updated_at: string;
}

/** `invitations`: an invitation to a workspace with a role; only the sha-256 of the link's token is stored. */
export interface InvitationsTable {
  id: string;
  tenant_id: string;
  /** The invited address, normalised (core's normaliseEmail). */
  email: string;
  role: string;
  token_hash: string;
  invited_by: string;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
  revoked_at: string | null;
}

/** The tables of this area, merged into `Database`. */
export interface AccessTables {
  instance_settings: InstanceSettingsTable;
  invitations: InvitationsTable;
}
