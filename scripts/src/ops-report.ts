/**
 * The text reports of the operator commands (`import`, `rotate-key`, `migrate --database`):
 * one line per kind of row with what was done, then one line per row that was not.
 */

interface Tally {
  created: number;
  updated: number;
  unchanged: number;
  failed: { id: string; reason: string }[];
}

/** The report of `junction import`. */
export function formatImportReport(report: {
  workspaces: { from: string; into?: string; skipped?: string }[];
  workflows: Tally;
  forms: Tally;
  apps: Tally;
  connections: Tally;
  connectionsLeftOut: boolean;
}): string {
  const lines: string[] = [];
  for (const w of report.workspaces) {
    lines.push(w.skipped ? `workspace ${w.from}: skipped, ${w.skipped}` : `workspace ${w.from} → ${w.into}`);
  }
  const kinds = [
    ['workflows', report.workflows],
    ['forms', report.forms],
    ['portal apps', report.apps],
    ['connections', report.connections],
  ] as const;
  for (const [name, t] of kinds) {
    lines.push(
      `${name}: ${t.created} created, ${t.updated} updated, ${t.unchanged} unchanged${t.failed.length ? `, ${t.failed.length} not imported` : ''}`,
    );
    for (const f of t.failed) lines.push(`  ${f.id}: ${f.reason}`);
  }
  if (report.connectionsLeftOut) {
    lines.push('The file holds connections; give --passphrase-file to import them.');
  }
  lines.push('Imported workflows are OFF and portal apps Draft: switch them ON and publish them in Junction.');
  return `${lines.join('\n')}\n`;
}

/** The report of `junction rotate-key`. */
export function formatRotation(report: {
  keyVersion: string;
  connections: { rotated: number; failed: string[] };
  appSecrets: { rotated: number; failed: string[] };
  hookSecrets: { rotated: number; failed: string[] };
}): string {
  const lines = [`Re-sealed with key ${report.keyVersion}:`];
  const kinds = [
    ['connections', report.connections],
    ['app client secrets', report.appSecrets],
    ['webhook secrets', report.hookSecrets],
  ] as const;
  for (const [name, r] of kinds) {
    lines.push(
      `  ${name}: ${r.rotated}${r.failed.length ? `, ${r.failed.length} could not be opened by any key` : ''}`,
    );
    for (const id of r.failed) lines.push(`    ${id}`);
  }
  const failed = kinds.reduce((n, [, r]) => n + r.failed.length, 0);
  lines.push(
    failed === 0
      ? 'Every stored secret is sealed with the newest key: the older keys can be removed from JUNCTION_ENCRYPTION_KEY.'
      : 'Keep the older keys until the secrets above are fixed or deleted.',
  );
  return `${lines.join('\n')}\n`;
}

/** The report of `junction migrate --database`. */
export function formatUpgrade(report: {
  isDryRun: boolean;
  resumedAfter?: string;
  seen: number;
  changed: number;
  unchanged: number;
  fromLegacy: number;
  failed: { id: string; tenantId: string; name: string; reason: string }[];
  changes: { id: string; name: string; fromVersion: number; warnings: string[] }[];
}): string {
  const lines: string[] = [];
  if (report.resumedAfter !== undefined) lines.push(`Resumed after workflow ${report.resumedAfter}.`);
  for (const c of report.changes) {
    lines.push(
      `${report.isDryRun ? 'would upgrade' : 'upgraded'}  ${c.id}  ${c.name}${c.fromVersion === 0 ? ' (legacy)' : ''}`,
    );
    for (const w of c.warnings) lines.push(`  warning ${w}`);
  }
  for (const f of report.failed) lines.push(`not migrated  ${f.id}  ${f.name} (workspace ${f.tenantId}): ${f.reason}`);
  lines.push(
    `${report.seen} documents: ${report.changed} ${report.isDryRun ? 'would change' : 'changed'} (${report.fromLegacy} from the legacy format), ${report.unchanged} already current, ${report.failed.length} could not be migrated.`,
  );
  return `${lines.join('\n')}\n`;
}
