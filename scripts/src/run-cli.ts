/**
 * The `junction` command line, as a function: parses arguments with node:util parseArgs and
 * dispatches to a command. Exit codes: 0 success, 1 invalid documents or failure, 2 usage error.
 */
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import { type CliIo, runMigrate, runValidate } from './document-commands.js';
import { REPORT_FORMATS, type ReportFormat } from './document-report.js';
import { OPS_COMMANDS, runDatabaseMigrate, runOpsCommand } from './ops-commands.js';
import { runStart, runWorker } from './start.js';

/** Exit code of a command-line usage error. */
export const USAGE_ERROR = 2;

/** The help text of `junction help`. */
export const HELP = `Usage: junction <command> [options]

Commands:
  start                          Run Junction (API, engine and editor) in one process.
  worker                         Run executions from the shared queue (needs REDIS_URL), no HTTP.
  validate <file|dir>...         Check stored workflow documents; folders are searched for *.json.
  migrate <file|dir>... [options]
                                 Upgrade documents to the current format (schemaVersion 1).
      --out DIR                  Write the results under DIR, mirroring the inputs.
      --in-place                 Overwrite each input with its migrated document.
      --backup                   With --in-place: keep each changed original as <file>.bak.
      --dry-run                  Report what would be written; write nothing.
  migrate --database [--dry-run] Upgrade the stored workflows of this installation in batches
                                 (resumes where a stopped run left off).
  help                           Show this help.

Operating an installation (reads DATA_DIR, DATABASE_URL, JUNCTION_ENCRYPTION_KEY; needs the build):
  backup [--out FILE]            Write one archive: the database, the key file, a manifest.
  restore FILE                   Replace the database (and key file) with a backup's; stop the server first.
  export [--workspace ID] [--out FILE] [--passphrase-file F]
                                 Workflows, forms and portal apps as one JSON file; connections
                                 only with a passphrase (they are sealed with it).
  import FILE [--workspace ID] [--passphrase-file F]
                                 Bring an export in; running it again changes nothing.
  db status                      List the applied and pending database migrations.
  db migrate                     Apply the pending migrations (the server also does at start).
  rotate-key                     Re-seal every stored secret with the first JUNCTION_ENCRYPTION_KEY.

Options of validate and migrate:
  -q, --quiet                    Report errors only.
      --format text|json         The report's format (json: one document on stdout).

Inputs are never overwritten without --in-place; files are written atomically.
Folders that cannot be read and symbolic links not followed are reported in the summary.
Exit codes: 0 all valid, 1 something invalid or not written, 2 usage error.
`;

function version(): string {
  try {
    return (createRequire(import.meta.url)('../package.json') as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

function usage(io: CliIo, message: string): number {
  io.stderr(`junction: ${message}\nRun \`junction help\` for usage.\n`);
  return USAGE_ERROR;
}

/**
 * Runs one `junction` invocation and resolves with its exit code.
 *
 * @example
 * process.exitCode = await runCli(process.argv.slice(2), { stdout: (t) => process.stdout.write(t), stderr: (t) => process.stderr.write(t), cwd: process.cwd() });
 */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  if ((OPS_COMMANDS as readonly string[]).includes(argv[0] ?? ''))
    return runOpsCommand(argv, io, { version: version() });
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (err) {
    return usage(io, (err as Error).message);
  }
  const { values, positionals } = parsed;
  const [command, ...inputs] = positionals;
  if (values.version) {
    io.stdout(`${version()}\n`);
    return 0;
  }
  if (values.help || command === undefined || command === 'help') {
    io.stdout(HELP);
    return 0;
  }
  const hasMigrateOptions =
    values.out !== undefined || values['in-place'] || values['dry-run'] || values.backup || values.database;
  const hasReportOptions = values.quiet || values.format !== undefined;
  const format = (values.format ?? 'text') as ReportFormat;
  if (values.format !== undefined && !REPORT_FORMATS.includes(format))
    return usage(io, `--format takes ${REPORT_FORMATS.join(' or ')}, not "${values.format}"`);
  const report = { format, isQuiet: values.quiet === true };
  switch (command) {
    case 'validate':
      if (hasMigrateOptions) return usage(io, 'validate takes no --out, --in-place, --backup or --dry-run');
      if (inputs.length === 0) return usage(io, 'validate needs at least one file or folder');
      return runValidate(io, inputs, report);
    case 'migrate': {
      if (values.database) {
        if (inputs.length > 0 || values.out !== undefined || values['in-place'] || values.backup || hasReportOptions)
          return usage(io, 'migrate --database takes only --dry-run');
        return runDatabaseMigrate(io, { isDryRun: values['dry-run'] === true });
      }
      if (inputs.length === 0) return usage(io, 'migrate needs at least one file or folder');
      if (values.out !== undefined && values['in-place'])
        return usage(io, 'use either --out DIR or --in-place, not both');
      if (values.backup && !values['in-place']) return usage(io, '--backup goes with --in-place');
      if (values.out === '') return usage(io, '--out needs a folder');
      if (values.out === undefined && !values['in-place'] && !values['dry-run']) {
        return usage(
          io,
          'migrate needs --out DIR, --in-place or --dry-run (inputs are never overwritten without --in-place)',
        );
      }
      return runMigrate(io, inputs, {
        out: values.out,
        isInPlace: values['in-place'] === true,
        isDryRun: values['dry-run'] === true,
        hasBackup: values.backup === true,
        ...report,
      });
    }
    case 'start':
      if (inputs.length > 0 || hasMigrateOptions || hasReportOptions) return usage(io, 'start takes no arguments');
      return runStart(io);
    case 'worker':
      if (inputs.length > 0 || hasMigrateOptions || hasReportOptions) return usage(io, 'worker takes no arguments');
      return runWorker(io);
    default:
      return usage(io, `unknown command "${command}"`);
  }
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      out: { type: 'string' },
      'in-place': { type: 'boolean' },
      'dry-run': { type: 'boolean' },
      database: { type: 'boolean' },
      backup: { type: 'boolean' },
      quiet: { type: 'boolean', short: 'q' },
      format: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean', short: 'v' },
    },
  });
}
