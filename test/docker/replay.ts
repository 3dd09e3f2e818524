/**
 * Replays the Dockerfile without a container runtime (none can build images on our machines):
 * a clean copy of the repository (tracked files minus .dockerignore) is the build context; each
 * stage's WORKDIR is a temporary folder; COPY copies, ENV sets, RUN runs with `sh -c`; then the
 * runtime stage's CMD starts with its ENV (DATA_DIR in a temporary folder), the HEALTHCHECK
 * command must pass, and SIGTERM must stop it with exit 0.
 *
 * Not replayed, and said so in the report: the base image itself, `apt-get` (this host's
 * packages stand in), USER (runs as the current user), VOLUME/EXPOSE (metadata).
 *
 * `npm run test:docker` (minutes: a full `npm install` from the npm cache and a build).
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** One Dockerfile instruction, continuation lines joined. */
export interface Instruction {
  op: string;
  args: string;
  stage: string;
}

/** Parses a Dockerfile into instructions tagged with their stage name (or index). */
export function parseDockerfile(text: string): Instruction[] {
  const joined = text.replace(/\\\r?\n/g, ' ');
  const out: Instruction[] = [];
  let stage = '';
  let index = -1;
  for (const raw of joined.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const [, op = '', args = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    if (op.toUpperCase() === 'FROM') {
      index += 1;
      stage = /\sAS\s+(\S+)/i.exec(args)?.[1] ?? String(index);
    }
    out.push({ op: op.toUpperCase(), args, stage });
  }
  return out;
}

/** Words of an exec-form (JSON array) or shell-form argument. */
function words(args: string): string[] {
  return args.startsWith('[') ? (JSON.parse(args) as string[]) : ['sh', '-c', args];
}

/** `KEY=value KEY2=value` (or `KEY value`) as pairs. */
function envPairs(args: string): [string, string][] {
  if (!args.includes('=')) {
    const [key, ...rest] = args.split(/\s+/);
    return [[key, rest.join(' ')]];
  }
  return [...args.matchAll(/(\w+)=("[^"]*"|\S+)/g)].map((m) => [m[1], m[2].replace(/^"|"$/g, '')]);
}

/** Runs the replay; resolves with the lines of its report (throws on the first failure). */
export async function replay(root: string, log: (line: string) => void = console.log): Promise<string[]> {
  const report: string[] = [];
  const note = (line: string) => {
    report.push(line);
    log(line);
  };
  const instructions = parseDockerfile(readFileSync(path.join(root, 'Dockerfile'), 'utf8'));
  const work = mkdtempSync(path.join(tmpdir(), 'junction-docker-'));
  const context = path.join(work, 'context');
  // A clean clone's files: what git tracks (plus uncommitted edits), without .dockerignore's.
  const ignore = readFileSync(path.join(root, '.dockerignore'), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map(
      (l) =>
        new RegExp(
          `^${l
            .replace(/\*\*\//g, '(.*/)?')
            .replace(/\./g, '\\.')
            .replace(/\*/g, '[^/]*')}(/|$)`,
        ),
    );
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean);
  for (const file of files) {
    if (ignore.some((re) => re.test(file)) || !existsSync(path.join(root, file))) continue;
    mkdirSync(path.dirname(path.join(context, file)), { recursive: true });
    cpSync(path.join(root, file), path.join(context, file));
  }
  note(`context: ${files.length} tracked files, .dockerignore applied`);
  const stageDirs = new Map<string, string>();
  const stageRootOf = (stage: string) => path.join(work, 'stage', stage);
  let cwd = '';
  let env: Record<string, string> = {};
  let cmd: string[] = [];
  let healthcheck: string[] = [];
  // Each stage has its own file system root under work/stage/<stage>: WORKDIR, absolute COPY
  // destinations and absolute paths in ENV and RUN all land in it.
  let stageRoot = '';
  const mapPath = (p: string) => (p.startsWith('/') ? path.join(stageRoot, p) : path.join(cwd, p));
  try {
    for (const ins of instructions) {
      const started = Date.now();
      stageRoot = path.join(work, 'stage', ins.stage);
      switch (ins.op) {
        case 'FROM':
          env = {};
          note(`FROM ${ins.args}: this host's Node ${process.version} stands in for the image`);
          break;
        case 'WORKDIR':
          cwd = mapPath(ins.args);
          stageDirs.set(ins.stage, cwd);
          mkdirSync(cwd, { recursive: true });
          break;
        case 'ENV':
          for (const [k, v] of envPairs(ins.args)) env[k] = v.startsWith('/') ? mapPath(v) : v;
          break;
        case 'COPY': {
          const parts = ins.args.split(/\s+/).filter((p) => !p.startsWith('--chown'));
          const from = parts[0].startsWith('--from=') ? parts.shift()?.slice(7) : undefined;
          const dest = parts.pop() as string;
          for (const src of parts) {
            const base = from ? (stageDirs.get(from) as string) : context;
            const source = from ? path.join(stageRootOf(from), src) : path.join(base, src);
            const target =
              dest.endsWith('/') || parts.length > 1 ? path.join(mapPath(dest), path.basename(src)) : mapPath(dest);
            cpSync(source, src === '.' || from ? mapPath(dest) : target, { recursive: true, verbatimSymlinks: true });
          }
          note(`COPY ${ins.args}`);
          break;
        }
        case 'RUN': {
          if (/apt-get/.test(ins.args)) {
            note(`RUN ${ins.args.slice(0, 60)}…: not replayed (this host's packages stand in)`);
            break;
          }
          const command = ins.args
            .replace(/(^|\s)\/data\b/g, (_, s) => `${s}${mapPath('/data')}`)
            .replace(/chown \S+ /, 'true ');
          const result = spawnSync('sh', ['-c', command], {
            cwd,
            env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
            stdio: ['ignore', 'pipe', 'pipe'],
            encoding: 'utf8',
            timeout: 1_800_000,
          });
          if (result.status !== 0)
            throw new Error(`RUN ${ins.args} failed (${result.status}):\n${result.stderr.slice(-3000)}`);
          note(`RUN ${ins.args} (${Math.round((Date.now() - started) / 1000)} s)`);
          break;
        }
        case 'CMD':
          cmd = words(ins.args);
          break;
        case 'HEALTHCHECK':
          healthcheck = words(ins.args.replace(/^.*?CMD\s+/, ''));
          break;
        default:
          note(`${ins.op} ${ins.args}: metadata, not replayed`);
      }
    }
    note(`CMD ${JSON.stringify(cmd)}`);
    await runContainer(cmd, healthcheck, cwd, env, note);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return report;
}

async function runContainer(
  cmd: string[],
  healthcheck: string[],
  cwd: string,
  env: Record<string, string>,
  note: (line: string) => void,
): Promise<void> {
  const port = String(20_000 + Math.floor(Math.random() * 20_000));
  mkdirSync(env.DATA_DIR, { recursive: true });
  const runEnv = { PATH: process.env.PATH ?? '', ...env, PORT: port, HOST: '127.0.0.1' };
  const [file, ...args] = cmd;
  const child = spawn(file, args, { cwd, env: runEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  try {
    const end = Date.now() + 120_000;
    while (!output.includes('Junction is running at')) {
      if (child.exitCode !== null || Date.now() > end) throw new Error(`CMD did not start:\n${output.slice(-3000)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    note('CMD started: "Junction is running at …"');
    const [hFile, ...hArgs] = healthcheck;
    const check = spawnSync(hFile, hArgs, { cwd, env: runEnv, timeout: 10_000 });
    if (check.status !== 0) throw new Error(`HEALTHCHECK failed (${check.status}): ${check.stderr}`);
    note('HEALTHCHECK passed (GET /api/health/ready answered 200)');
  } finally {
    child.kill('SIGTERM');
  }
  const code = await exited;
  if (code !== 0) throw new Error(`SIGTERM: exit ${code}:\n${output.slice(-2000)}`);
  note('SIGTERM: exited 0');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const started = Date.now();
  replay(root).then(
    () => console.log(`Dockerfile replay passed in ${Math.round((Date.now() - started) / 1000)} s`),
    (error) => {
      console.error(`Dockerfile replay failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
