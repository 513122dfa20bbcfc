/**
 * What `npm test` and `npm run test:<suite>` run, once `tsc` has built dist/: the node:test suites
 * (engine: every folder of test/ but server/ and browser/; server; browser: test/browser/) and the web
 * client's Vitest tests (web). Named suites run alone; with none named, all four run side by side,
 * which two cores keep busy: the engine and server files two at a time in one lane, the browser
 * files two at a time in another, Vitest beside them. Each line a suite prints beside others
 * starts with its name; a summary with every step's time and each lane's slowest files ends the
 * run, and the exit code is not 0 when any step failed.
 *
 * The browser tests need the built client (dist/web). It is built again only when what it is built
 * from (web/ without web/test/, src/, package-lock.json) or dist/web itself differs from the last
 * build this runner made, so a stale client is never tested; it is type-checked again (with
 * web/test/) only when those sources differ from the last that passed.
 *
 * Usage: node dist/test/run.js [engine] [server] [browser] [web] [--node PATH]
 *
 * `--node PATH` runs the tests (the node:test files, the servers they start, Vitest) on that Node
 * instead of the one running this file: `.ci/run` runs `npm test` on the registry's Node 26, which
 * npm scripts find first, and again with `-- --node` the machine's own (docs/node.md). The builds
 * (tsc, vite) make the same output on either.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { launchChromiumServer, SHARED_CHROMIUM_ENV } from './helpers/chromium.js';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import { REPO_ROOT, sourceFiles } from './helpers/repo.js';

const SUITES = ['engine', 'server', 'browser', 'web'] as const;
type Suite = (typeof SUITES)[number];

/** The node:test folders of the server and browser suites; every other folder of test/ is the engine's. */
const SERVER_DIR = 'test/server';
const BROWSER_DIR = 'test/browser';

/** Node test files run at once, per lane. */
const NODE_AT_ONCE = 2;
/**
 * Browser files at once: a browser test mostly waits for the page and the server, and two of them
 * beside the node suites took 347 s where one at a time took 476 s.
 */
const BROWSER_AT_ONCE = 2;

const bin = (name: string) => join(REPO_ROOT, 'node_modules', '.bin', name);

/** The compiled node:test files of a suite, from the sources (a compiled test whose source is gone never runs). */
function testFiles(suite: 'engine' | 'server' | 'browser'): string[] {
  const all = sourceFiles('test', '.test.ts');
  const under = (dir: string) => (f: string) => f.startsWith(dir + '/');
  const picked =
    suite === 'server'
      ? all.filter(under(SERVER_DIR))
      : suite === 'browser'
        ? all.filter(under(BROWSER_DIR))
        : all.filter((f) => !under(SERVER_DIR)(f) && !under(BROWSER_DIR)(f));
  const files = picked.map((f) => join('dist', f.replace(/\.ts$/, '.js')));
  const missing = files.filter((f) => !existsSync(join(REPO_ROOT, f)));
  if (missing.length > 0)
    throw new Error(`not built: ${missing.join(', ')}. Run \`npx tsc -p tsconfig.json\` (delete dist/ first if it says nothing to do)`);
  return files;
}

/** A SHA-256 over the files under `dirs` (path and content), in a stable order. */
function treeHash(dirs: readonly string[], skip: (path: string) => boolean = () => false): string {
  const h = createHash('sha256');
  for (const dir of dirs) {
    const abs = join(REPO_ROOT, dir);
    if (!existsSync(abs)) continue;
    const files = statSync(abs).isFile()
      ? [dir]
      : readdirSync(abs, { recursive: true, withFileTypes: true })
          .filter((e) => e.isFile())
          .map((e) => relative(REPO_ROOT, join(e.parentPath, e.name)))
          // Tools keep caches there (Vitest writes web/node_modules/.vite/ while the build runs).
          .filter((p) => !p.split('/').includes('node_modules') && !skip(p))
          .sort();
    for (const f of files)
      h.update(`${f}\0`)
        .update(readFileSync(join(REPO_ROOT, f)))
        .update('\0');
  }
  return h.digest('hex');
}

const WEB_OUT = 'dist/web';
/** What the last build of dist/web by this runner was made from, and what it made. */
const WEB_STAMP = join(REPO_ROOT, 'dist', 'web.inputs.json');

const webInputs = () => treeHash(['web', 'src', 'package-lock.json'], (p) => p.startsWith('web/test/'));
/** What the web client's type-check reads: its build's inputs and web/test/ (the Vitest files). */
const checkInputs = () => treeHash(['web', 'src', 'package-lock.json']);
const webOutput = () => treeHash([WEB_OUT]);

interface WebStamp {
  /** The sources of the last build, and the build it made. */
  readonly inputs?: string;
  readonly output?: string;
  /** The sources of the last type-check that passed. */
  readonly checked?: string;
}

const readStamp = (): WebStamp => (existsSync(WEB_STAMP) ? (JSON.parse(readFileSync(WEB_STAMP, 'utf8')) as WebStamp) : {});

function webIsFresh(stamp: WebStamp, inputs: string): boolean {
  return existsSync(join(REPO_ROOT, WEB_OUT, 'index.html')) && stamp.inputs === inputs && stamp.output === webOutput();
}

/** Where a step's output goes: line by line to a function, or straight to this terminal. */
type Out = ((line: string) => void) | null;

/** Prints one line of a step's own. */
const say = (out: Out, line: string) => (out ? out(line) : process.stdout.write(`${line}\n`));

/** The commands running now: stopped if this runner fails. */
const running = new Set<ChildProcess>();

/** Runs a command; resolves with its exit code. */
function run(cmd: string, args: readonly string[], out: Out): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: REPO_ROOT, stdio: out ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    running.add(child);
    child.on('exit', () => running.delete(child));
    for (const stream of out ? [child.stdout!, child.stderr!] : []) {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (d: string) => {
        const lines = (rest + d).split('\n');
        rest = lines.pop()!;
        for (const l of lines) out!(l);
      });
      stream.on('end', () => {
        if (rest) out!(rest);
      });
    }
    child.on('error', (e) => {
      say(out, `${cmd}: ${e.message}`);
      resolve(1);
    });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

interface Step {
  readonly name: string;
  code: number | null;
  seconds: number;
}

/** Runs one step; beside others, each line it prints is prefixed with its name. */
async function step(name: string, beside: boolean, steps: Step[], body: (out: Out) => Promise<number>): Promise<number> {
  const s: Step = { name, code: null, seconds: 0 };
  steps.push(s);
  const start = performance.now();
  s.code = await body(beside ? (line) => process.stdout.write(`${name.padEnd(7)} │ ${line}\n`) : null);
  s.seconds = (performance.now() - start) / 1000;
  return s.code;
}

/**
 * Type-checks the web client (with its tests) unless these very sources passed before, and builds
 * it when what it is built from changed. The sources include the lock file, so the compiler's
 * version too: the same sources would get the same verdict.
 */
async function buildWeb(out: Out): Promise<number> {
  let stamp = readStamp();
  const checking = checkInputs();
  if (stamp.checked === checking) say(out, 'the web client was type-checked as it is');
  else {
    const checked = await run(bin('tsc'), ['-p', 'web/tsconfig.json'], out);
    if (checked !== 0) return checked;
    stamp = { ...stamp, checked: checking };
    writeFileSync(WEB_STAMP, JSON.stringify(stamp) + '\n');
  }
  const inputs = webInputs();
  if (webIsFresh(stamp, inputs)) {
    say(out, `${WEB_OUT} is up to date`);
    return 0;
  }
  const built = await run(bin('vite'), ['build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], out);
  if (built === 0) writeFileSync(WEB_STAMP, JSON.stringify({ ...stamp, inputs, output: webOutput() }) + '\n');
  return built;
}

/** Where a lane's per-file times go (test/durations-reporter.ts), and how many of the slowest the summary names. */
const durationsFile = (lane: string) => join(REPO_ROOT, 'dist', `test-durations-${lane}.txt`);
const SLOWEST = 5;

const nodeTest = (lane: string, concurrency: number, files: readonly string[]) => [
  '--test',
  `--test-concurrency=${concurrency}`,
  '--test-reporter=spec',
  '--test-reporter-destination=stdout',
  `--test-reporter=${join(REPO_ROOT, 'dist', 'test', 'durations-reporter.js')}`,
  `--test-reporter-destination=${durationsFile(lane)}`,
  ...files,
];

/** The slowest files of a lane that ran, as "12.3 s test/cli/x.test.js". */
function slowest(lane: string): string[] {
  const f = durationsFile(lane);
  if (!existsSync(f)) return [];
  return readFileSync(f, 'utf8')
    .split('\n')
    .filter(Boolean)
    .slice(0, SLOWEST)
    .map((l) => {
      const [s, file] = l.split('\t');
      return `${s} s ${relative(REPO_ROOT, file ?? '').replace(/^dist\//, '')}`;
    });
}

async function main(): Promise<number> {
  // Run as a test file (node --test dist/test/), this would start every suite again inside one.
  if (process.env.NODE_TEST_CONTEXT) return 0;
  const args = process.argv.slice(2);
  const at = args.indexOf('--node');
  const node = at >= 0 ? args[at + 1] : process.execPath;
  const asked = at >= 0 ? [...args.slice(0, at), ...args.slice(at + 2)] : args;
  const bad = asked.filter((a) => !(SUITES as readonly string[]).includes(a));
  if (bad.length > 0 || !node) {
    process.stderr.write(
      `usage: node dist/test/run.js [${SUITES.join('] [')}] [--node PATH] (unknown: ${bad.join(' ') || '--node without a path'})\n`,
    );
    return 2;
  }
  const version = spawnSync(node, ['--version'], { encoding: 'utf8' });
  if (version.status !== 0) {
    process.stderr.write(`--node ${node}: not a Node that runs (${version.error?.message ?? version.stderr.trim()})\n`);
    return 2;
  }
  process.stdout.write(`tests on Node ${version.stdout.trim()} (${node})\n`);
  const chosen = new Set<Suite>(asked.length > 0 ? (asked as Suite[]) : SUITES);
  const side = chosen.size > 1;
  const steps: Step[] = [];
  const start = performance.now();

  const lanes: Promise<number>[] = [];
  for (const lane of ['node', 'engine', 'server', 'browser']) rmSync(durationsFile(lane), { force: true });
  const nodeFiles = [...(chosen.has('engine') ? testFiles('engine') : []), ...(chosen.has('server') ? testFiles('server') : [])];
  if (nodeFiles.length > 0) {
    const name = chosen.has('engine') && chosen.has('server') ? 'node' : chosen.has('engine') ? 'engine' : 'server';
    lanes.push(step(name, side, steps, (out) => run(node, nodeTest(name, NODE_AT_ONCE, nodeFiles), out)));
  }
  if (chosen.has('browser')) {
    const files = testFiles('browser');
    lanes.push(
      (async () => {
        const built = await step('build', side, steps, buildWeb);
        if (built !== 0) return built;
        // One Chromium for every browser file (each page in a fresh context): a launch per file
        // cost about 1.5 CPU s, on cores the other lanes need.
        const chromium = await launchChromiumServer().catch((e: unknown) => {
          say(null, `browser: ${(e as Error).message}`);
          return null;
        });
        if (!chromium) return 1;
        process.env[SHARED_CHROMIUM_ENV] = chromium.wsEndpoint();
        try {
          return await step('browser', side, steps, (out) => run(node, nodeTest('browser', BROWSER_AT_ONCE, files), out));
        } finally {
          delete process.env[SHARED_CHROMIUM_ENV];
          await chromium.close();
        }
      })(),
    );
  }
  if (chosen.has('web'))
    lanes.push(
      step('web', side, steps, (out) =>
        run(node, [join(REPO_ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--config', 'web/vite.config.ts'], out),
      ),
    );

  const codes = await Promise.all(lanes);
  const total = (performance.now() - start) / 1000;
  const failed = steps.filter((s) => s.code !== 0);
  const parts = steps.map((s) => `${s.name} ${s.seconds.toFixed(0)} s${s.code === 0 ? '' : ' FAILED'}`).join(', ');
  for (const s of steps) {
    const slow = s.name === 'build' || s.name === 'web' ? [] : slowest(s.name);
    if (slow.length > 0) process.stdout.write(`\nslowest in ${s.name}: ${slow.join(', ')}`);
  }
  process.stdout.write(`\n${failed.length === 0 ? 'passed' : 'FAILED'}: ${parts}; ${total.toFixed(0)} s in all\n`);
  return codes.some((c) => c !== 0) ? 1 : 0;
}

try {
  process.exitCode = await main();
} catch (e) {
  for (const child of running) child.kill();
  throw e;
}
