/** Tables of the webhook handshakes: secrets an app and Junction share per hook. */

/**
 * `hook_secrets`: one row per hook key and kind. 'asana': the X-Hook-Secret Asana sent in its
 * handshake (null while the subscription is being made: the handshake window, until
 * `expires_at`); 'graph': the clientState Junction gave a Microsoft Graph subscription. The
 * secret is sealed by the vault (context tenant | `hook:{kind}:{key}`).
 */
export interface HookSecretsTable {
  hook_key: string;
  kind: string;
  tenant_id: string;
  ciphertext: string | null;
  nonce: string | null;
  key_version: string | null;
  /** The end of the handshake window (ISO), null once the secret is stored. */
  expires_at: string | null;
  created_at: string;
  updated_at: string;
}

/** Tables of the webhook handshakes. */
export interface HookTables {
  hook_secrets: HookSecretsTable;
}
