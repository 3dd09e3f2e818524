/**
 * The operator commands: `backup`, `restore`, `export`, `import`, `db status`, `db migrate`,
 * `migrate --database` and `rotate-key`. Each loads the built server (as `start` does, so
 * `validate` and `migrate` of files stay fast) and calls its `ops` services on the
 * installation the environment names (DATA_DIR, DATABASE_URL, JUNCTION_ENCRYPTION_KEY...).
 * Exit codes: 0 done, 1 failed or refused, 2 bad usage or configuration, or a database newer
 * than this Junction.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { CliIo } from './document-commands.js';
import { formatImportReport, formatRotation, formatUpgrade } from './ops-report.js';
import type { ModuleLoader } from './start.js';

/** The commands this module runs. */
export const OPS_COMMANDS = ['backup', 'restore', 'export', 'import', 'db', 'rotate-key'] as const;

/** The slice of `@junction/server` these commands use (typed loosely: the server is loaded at run time). */
interface ServerModule {
  loadConfig(env: Record<string, string | undefined>): unknown;
  // biome-ignore lint/suspicious/noExplicitAny: the built server's services, loaded at run time.
  ops: Record<string, (...args: any[]) => Promise<any>> & {
    /** Absent from builds before JUNCTION_DEBUG was read as a flag. */
    showsStacks?(env: Record<string, string | undefined>): boolean;
  };
}

const defaultLoader: ModuleLoader = (specifier) => import(specifier) as Promise<Record<string, unknown>>;

/** Options of runOpsCommand: where the server comes from and which environment it reads. */
export interface OpsContext {
  load?: ModuleLoader;
  env?: Record<string, string | undefined>;
  version?: string;
}

function usage(io: CliIo, message: string): number {
  io.stderr(`junction: ${message}\nRun \`junction help\` for usage.\n`);
  return 2;
}

function readPassphrase(io: CliIo, file: string | undefined): string | undefined {
  if (file === undefined) return undefined;
  // A file, not an argument: arguments show in `ps` and shell history.
  const text = readFileSync(path.resolve(io.cwd, file), 'utf8').replace(/\r?\n$/, '');
  if (text.length < 12) throw new UsageError('the passphrase file must hold at least 12 characters');
  return text;
}

class UsageError extends Error {}

/** Error names that are the operator's to fix (one line, exit 1) rather than bugs. */
const REFUSALS = new Set([
  'RestoreRefusedError',
  'PendingMigrationsError',
  'UnknownWorkspaceError',
  'WrongPassphraseError',
  'NoDatabaseError',
]);

/**
 * Reports a command that failed and answers its exit code: bad usage or configuration (2), a
 * database newer than this Junction (2), else one line (1), followed by the stack of an
 * unexpected failure (not a refusal) when JUNCTION_DEBUG is on in the command's environment.
 */
function reportFailure(
  io: CliIo,
  label: string,
  error: Error,
  server: ServerModule,
  env: Record<string, string | undefined>,
): number {
  if (error instanceof UsageError || error.name === 'ConfigError') return usage(io, error.message);
  io.stderr(`junction ${label}: ${error.message}\n`);
  // A database newer than this Junction: as the server refuses to start on it.
  if (error.name === 'DatabaseNewerError') return 2;
  if (!REFUSALS.has(error.name) && server.ops.showsStacks?.(env)) io.stderr(`${error.stack}\n`);
  return 1;
}

/**
 * Runs one operator command (`argv` starts with the command name) and resolves with its exit code.
 *
 * @example
 * await runOpsCommand(['backup', '--out', 'nightly.tar.gz'], io);
 */
export async function runOpsCommand(argv: string[], io: CliIo, context: OpsContext = {}): Promise<number> {
  const [command, ...rest] = argv;
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true; strict: true }>>;
  try {
    parsed = parseArgs({ args: rest, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (err) {
    return usage(io, (err as Error).message);
  }
  const { values, positionals } = parsed;
  const allowed = ALLOWED[command as keyof typeof ALLOWED] ?? [];
  const extra = Object.keys(values).filter((name) => !allowed.includes(name));
  if (extra.length > 0) return usage(io, `${command} takes no --${extra[0]}`);
  const wantedPositionals = command === 'restore' || command === 'import' || command === 'db' ? 1 : 0;
  if (positionals.length !== wantedPositionals) {
    if (command === 'db') return usage(io, 'db takes one of: status, migrate');
    return usage(io, wantedPositionals ? `${command} needs one FILE` : `${command} takes no arguments`);
  }
  if (command === 'db' && !['status', 'migrate'].includes(positionals[0] ?? '')) {
    return usage(io, `db takes status or migrate, not "${positionals[0]}"`);
  }

  let server: ServerModule;
  try {
    server = (await (context.load ?? defaultLoader)('@junction/server')) as unknown as ServerModule;
  } catch (err) {
    io.stderr(
      (err as { code?: string }).code === 'ERR_MODULE_NOT_FOUND'
        ? `junction ${command}: the server is not built (server/dist is missing). Run \`npm run build\` in the repository first.\n`
        : `junction ${command}: the server could not be loaded: ${(err as Error).message}\n`,
    );
    return 1;
  }
  if (typeof server.ops !== 'object' || server.ops === null) {
    io.stderr(`junction ${command}: this server build has no operator commands. Rebuild it with \`npm run build\`.\n`);
    return 1;
  }
  const env = context.env ?? process.env;
  try {
    const config = server.loadConfig(env);
    return await dispatch(server.ops, config, command as string, values, positionals, io, context.version);
  } catch (err) {
    return reportFailure(io, command as string, err as Error, server, env);
  }
}

async function dispatch(
  ops: ServerModule['ops'],
  config: unknown,
  command: string,
  values: Record<string, string | boolean | undefined>,
  positionals: string[],
  io: CliIo,
  version = 'unknown',
): Promise<number> {
  const out = (name: string | boolean | undefined) =>
    typeof name === 'string' ? path.resolve(io.cwd, name) : undefined;
  switch (command) {
    case 'backup': {
      const { file, manifest } = await ops.backup(config, { out: out(values.out), junctionVersion: version });
      const c = manifest.counts;
      io.stdout(
        `Backup written: ${file}\n  ${manifest.dialect}, ${manifest.migrations.length} migrations, ${c.workspaces} workspaces, ${c.workflows} workflows, ${c.executions} executions, ${c.connections} connections${KEYS_NOTE[manifest.keysFrom as string] ?? ''}\n`,
      );
      return 0;
    }
    case 'restore': {
      const manifest = await ops.restore(config, out(positionals[0]));
      io.stdout(
        `Restored the backup of ${manifest.createdAt} (Junction ${manifest.junctionVersion}): ${manifest.counts.workflows} workflows, ${manifest.counts.connections} connections.\nStart the server: it applies any newer migrations.\n`,
      );
      return 0;
    }
    case 'export': {
      const passphrase = readPassphrase(io, values['passphrase-file'] as string | undefined);
      const file = await ops.exportData(config, {
        workspace: values.workspace,
        passphrase,
        junctionVersion: version,
      });
      const target = out(values.out);
      const text = `${JSON.stringify(file, null, 2)}\n`;
      const counts = file.workspaces.reduce(
        (sum: { workflows: number; forms: number; apps: number }, w: Record<string, unknown[]>) => ({
          workflows: sum.workflows + w.workflows.length,
          forms: sum.forms + w.forms.length,
          apps: sum.apps + w.apps.length,
        }),
        { workflows: 0, forms: 0, apps: 0 },
      );
      const summary = `Exported ${file.workspaces.length} workspace(s): ${counts.workflows} workflows, ${counts.forms} forms, ${counts.apps} portal apps, ${passphrase ? 'connections sealed with the passphrase' : 'no connections (give --passphrase-file to include them)'}.\n`;
      if (target) {
        writeFileSync(`${target}.partial`, text, { mode: 0o600 });
        renameSync(`${target}.partial`, target);
        io.stdout(summary.replace('Exported', `Wrote ${target}:`));
      } else {
        io.stdout(text);
        io.stderr(summary);
      }
      return 0;
    }
    case 'import': {
      const passphrase = readPassphrase(io, values['passphrase-file'] as string | undefined);
      let file: unknown;
      try {
        file = JSON.parse(readFileSync(out(positionals[0]) as string, 'utf8'));
      } catch (err) {
        io.stderr(`junction import: ${positionals[0]} is not readable JSON: ${(err as Error).message}\n`);
        return 1;
      }
      const report = await ops.importData(config, file, { workspace: values.workspace, passphrase });
      io.stdout(formatImportReport(report));
      const failed = ['workflows', 'forms', 'apps', 'connections'].some((k) => report[k].failed.length > 0);
      return failed || report.workspaces.some((w: { skipped?: string }) => w.skipped) ? 1 : 0;
    }
    case 'db': {
      if (positionals[0] === 'status') {
        const status = await ops.status(config);
        for (const m of status.applied) io.stdout(`applied  ${m.name}  ${m.executedAt}\n`);
        for (const name of status.pending) io.stdout(`pending  ${name}\n`);
        for (const name of status.unknown) io.stdout(`unknown  ${name}  (made by a newer Junction)\n`);
        io.stdout(
          `${status.applied.length} applied, ${status.pending.length} pending${status.unknown.length ? `, ${status.unknown.length} unknown: this database is newer than this Junction` : ''}.\n`,
        );
        return status.unknown.length > 0 ? 2 : 0;
      }
      const applied: string[] = await ops.migrate(config);
      for (const name of applied) io.stdout(`applied  ${name}\n`);
      io.stdout(applied.length === 0 ? 'The database is up to date.\n' : `${applied.length} migration(s) applied.\n`);
      return 0;
    }
    case 'rotate-key': {
      const report = await ops.rotateKeys(config);
      io.stdout(formatRotation(report));
      const failed =
        report.connections.failed.length + report.appSecrets.failed.length + report.hookSecrets.failed.length;
      return failed > 0 ? 1 : 0;
    }
    default:
      return usage(io, `unknown command "${command}"`);
  }
}

/**
 * `junction migrate --database`: upgrades the stored workflow documents of the installation.
 * Progress goes to stderr, the report to stdout.
 */
export async function runDatabaseMigrate(
  io: CliIo,
  options: { isDryRun: boolean; batchSize?: number },
  context: OpsContext = {},
): Promise<number> {
  let server: ServerModule;
  try {
    server = (await (context.load ?? defaultLoader)('@junction/server')) as unknown as ServerModule;
  } catch (err) {
    io.stderr(`junction migrate --database: the server could not be loaded: ${(err as Error).message}\n`);
    return 1;
  }
  if (typeof server.ops !== 'object' || server.ops === null) {
    io.stderr(
      'junction migrate --database: this server build has no operator commands. Rebuild it with `npm run build`.\n',
    );
    return 1;
  }
  const env = context.env ?? process.env;
  try {
    const config = server.loadConfig(env);
    const report = await server.ops.upgradeDocuments(config, {
      dryRun: options.isDryRun,
      batchSize: options.batchSize,
      onBatch: (done: number, total: number) => io.stderr(`${done} of ${total} documents\n`),
    });
    io.stdout(formatUpgrade(report));
    return report.failed.length > 0 ? 1 : 0;
  } catch (err) {
    return reportFailure(io, 'migrate --database', err as Error, server, env);
  }
}

/** What `backup` says about the vault keys, by where they come from. */
const KEYS_NOTE: Record<string, string> = {
  'key-file': ', key file included',
  JUNCTION_ENCRYPTION_KEY: ' (the keys are in JUNCTION_ENCRYPTION_KEY, not in the archive: keep them safe with it)',
  none: ' (no key file yet: nothing is sealed)',
};

const OPTIONS = {
  out: { type: 'string' },
  workspace: { type: 'string' },
  'passphrase-file': { type: 'string' },
} as const;

/** Which options each command takes. */
const ALLOWED: Record<(typeof OPS_COMMANDS)[number], string[]> = {
  backup: ['out'],
  restore: [],
  export: ['workspace', 'out', 'passphrase-file'],
  import: ['workspace', 'passphrase-file'],
  db: [],
  'rotate-key': [],
};
