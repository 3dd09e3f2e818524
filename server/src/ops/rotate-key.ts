/**
 * `junction rotate-key`: re-seals every stored secret with the newest vault key (the first of
 * JUNCTION_ENCRYPTION_KEY, or the first line of the key file), so older keys can be removed.
 * What the vault seals at rest: connections (`credentials`), portal apps' OAuth client secrets
 * (`portal_apps.client_secret`) and webhook handshake secrets (`hook_secrets`).
 *
 * Resumable: each pass reads only rows sealed with another key, so a run that was stopped
 * picks up what is left; a row that cannot be opened with any configured key is reported and
 * left as it is.
 */
import type { Config } from '../config.js';
import { rotatePortalAppSecrets } from '../integrations/registry.js';
import { createVault, loadVaultKeys, type Vault } from '../security/vault.js';
import type { DbHandle } from '../store/create-db.js';
import { createCredentialsRepo } from '../store/repos/credentials.js';
import { listHookSecretsWithOtherKey, resealHookSecret } from '../store/repos/ops.js';
import { createPortalAppStore } from '../store/repos/portal-apps.js';

/** What a rotation did, per kind of secret. */
export interface RotationReport {
  /** Fingerprint of the key everything is sealed with now. */
  keyVersion: string;
  connections: { rotated: number; failed: string[] };
  appSecrets: { rotated: number; failed: string[] };
  hookSecrets: { rotated: number; failed: string[] };
}

const BATCH = 100;

/** Re-seals the webhook handshake secrets sealed with an older key. */
export async function rotateHookSecrets(
  handle: DbHandle,
  vault: Vault,
): Promise<{ rotated: number; failed: string[] }> {
  let rotated = 0;
  const failed: string[] = [];
  let after: { hookKey: string; kind: string } | undefined;
  for (;;) {
    const rows = await listHookSecretsWithOtherKey(handle.db, vault.currentVersion, BATCH, after);
    if (rows.length === 0) break;
    for (const row of rows) {
      after = { hookKey: row.hook_key, kind: row.kind };
      // The context handshakes.ts seals with.
      const context = { tenantId: row.tenant_id, credentialId: `hook:${row.kind}:${row.hook_key}` };
      let secret: string;
      try {
        secret = vault.decrypt({ ciphertext: row.ciphertext, nonce: row.nonce, keyVersion: row.key_version }, context);
      } catch {
        failed.push(context.credentialId);
        continue;
      }
      await resealHookSecret(handle.db, row, vault.encrypt(secret, context), new Date().toISOString());
      rotated += 1;
    }
  }
  return { rotated, failed };
}

/**
 * Re-seals every stored secret of the database with the newest configured key.
 *
 * @example
 * const report = await rotateKeys(handle, loadConfig(process.env));
 * console.log(report.connections.rotated);
 */
export async function rotateKeys(
  handle: DbHandle,
  config: Pick<Config, 'dataDir' | 'encryptionKeys'>,
): Promise<RotationReport> {
  const vault = createVault(loadVaultKeys(config));
  const connections = await vault.rotate(createCredentialsRepo(handle.db));
  const appSecrets = await rotatePortalAppSecrets(createPortalAppStore(handle.db), vault);
  const hookSecrets = await rotateHookSecrets(handle, vault);
  return { keyVersion: vault.currentVersion, connections, appSecrets, hookSecrets };
}
