#!/usr/bin/env node
// CI's proof of the README's first command: `npm start` exactly as a newcomer runs it on a fresh
// clone (nothing installed, built or generated yet), then what the banner promises (/health and
// /ready of both services, one authenticated request on each), then Ctrl-C as a terminal sends
// it (SIGINT to the whole process group), after which no process and no port may be left.
// Node built-ins only: it runs before anything is installed.
//
// `--private-clone` (root only, after a plain run): the same start as root from a clone under a
// folder only root may enter (mode 0700, like root's home), where Postgres, which runs as
// `nobody`, cannot reach the clone's node_modules. Install and build were proven cold by the
// plain run, so the clone reuses them honestly: node_modules hard-linked from this checkout (its
// paths are still under the 0700 folder) and the build replayed from the Nx cache that all
// checkouts of the workspace share (~/.nx/<workspace id>: same remote, same first commit).
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, lstatSync, mkdtempSync, readFileSync, readlinkSync, rmSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const checkout = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const privateClone = process.argv.includes('--private-clone');
const START_TIMEOUT_MS = Number(process.env['SMOKE_START_TIMEOUT_MS'] ?? 20 * 60_000);
const STOP_TIMEOUT_MS = 60_000;
const DEV_PORTS = JSON.parse(readFileSync(join(checkout, 'libs/dev-defaults/src/lib/dev-ports.json'), 'utf8'));
const BANNER_END = 'Press Ctrl-C to stop everything.';

const started = Date.now();
const seconds = () => ((Date.now() - started) / 1000).toFixed(1);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function fail(message) {
  console.error(`\nstart smoke FAILED after ${seconds()} s: ${message}`);
  process.exitCode = 1;
  throw new Error(message);
}

function listening(port) {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function groupAlive(pgid) {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

async function expectJson(label, url, init, check) {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
  const text = await response.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  const problem = check(response.status, body);
  if (problem) fail(`${label}: ${problem} (status ${response.status}, body ${text.slice(0, 300)})`);
  console.log(`  ok  ${label}`);
  return body;
}

async function rpc(url, method, params) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return (await response.json()).result;
}

/** A clone of this checkout under a fresh folder of mode 0700 owned by root, with this checkout's node_modules hard-linked in. */
function makePrivateClone() {
  if (process.getuid?.() !== 0) fail('--private-clone proves a start as root: run it as root');
  if (!existsSync(join(checkout, 'node_modules'))) fail('--private-clone reuses the node_modules of a plain run: run that first');
  const home = mkdtempSync(join(tmpdir(), 'perp-private-home-')); // mode 0700, as root's home
  const clone = join(home, 'perp');
  const t0 = Date.now();
  if (existsSync(join(checkout, '.git'))) {
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: checkout, encoding: 'utf8' }).trim();
    if (dirty && process.env['CI']) fail(`the checkout has uncommitted changes, which a clone would not hold:\n${dirty}`);
    execFileSync('git', ['clone', '--quiet', '--no-hardlinks', checkout, clone], { stdio: 'inherit' });
    // The checkout's remote (or none), so that Nx sees the same workspace and shares its cache with the clone.
    let remote = '';
    try {
      remote = execFileSync('git', ['config', '--get', 'remote.origin.url'], { cwd: checkout, encoding: 'utf8' }).trim();
    } catch {
      // no remote: both fall back to the first commit
    }
    execFileSync('git', remote ? ['remote', 'set-url', 'origin', remote] : ['remote', 'remove', 'origin'], { cwd: clone });
  } else {
    cpSync(checkout, clone, { recursive: true, filter: (path) => !/\/(node_modules|dist|\.nx|\.dev-data|coverage)$/.test(path) });
  }
  try {
    execFileSync('cp', ['-al', join(checkout, 'node_modules'), join(clone, 'node_modules')]);
  } catch {
    execFileSync('cp', ['-a', join(checkout, 'node_modules'), join(clone, 'node_modules')]); // another file system: a copy
  }
  console.log(
    `start smoke: cloned into ${clone} (${home} has mode ${(statSync(home).mode & 0o777).toString(8)}), node_modules linked in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
  return { home, clone };
}

async function main() {
  let root = checkout;
  let privateHome;
  const env = { ...process.env, FORCE_COLOR: '0' };
  if (privateClone) {
    ({ home: privateHome, clone: root } = makePrivateClone());
  } else {
    // What this proves is a cold start: in CI, anything built beforehand would hide a missing step.
    const builtBefore = ['dist', 'libs/contracts/generated', 'node_modules'].filter((path) => existsSync(join(root, path)));
    if (builtBefore.length > 0) {
      const message = `not a fresh checkout (${builtBefore.join(', ')} already there)`;
      if (process.env['CI']) fail(`${message}: CI must run this first, on a clean clone`);
      console.warn(`start smoke: ${message}; this run does not prove a cold start`);
    }
  }
  try {
    const output = await smoke(root, env);
    await smoke(root, env, { resume: true });
    // Else the start did not meet what this run is for (e.g. a temp folder that nobody can reach).
    if (privateHome && !output.includes('Postgres runs as nobody from')) fail('the dev stack did not place Postgres where nobody can reach it');
    if (privateHome && (statSync(privateHome).mode & 0o777) !== 0o700) fail(`${privateHome} is no longer mode 0700: the start weakened it`);
  } finally {
    if (privateHome) removePrivateClone(privateHome, root);
  }
  console.log(`start smoke passed in ${seconds()} s`);
}

/** The clone and the Postgres cluster the dev stack placed outside it (where `nobody` could reach it). */
function removePrivateClone(home, clone) {
  const data = join(clone, '.dev-data', 'postgres');
  try {
    if (lstatSync(data).isSymbolicLink()) rmSync(resolve(dirname(data), readlinkSync(data)), { recursive: true, force: true });
  } catch {
    // never started that far
  }
  rmSync(home, { recursive: true, force: true });
}

async function smoke(root, env, { resume = false } = {}) {
  const spawned = Date.now();
  console.log(`start smoke: ${resume ? 'a second ' : ''}npm start in ${root} (as the README says, with no settings)...`);
  const stack = spawn('npm', ['start'], { cwd: root, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env });
  let output = '';
  for (const stream of [stack.stdout, stack.stderr]) {
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      output += chunk;
      process.stdout.write(chunk.replace(/^(?=.)/gm, '  | '));
    });
  }
  const exited = new Promise((resolve) => stack.once('exit', (code, signal) => resolve({ code, signal })));
  let exit;
  void exited.then((value) => (exit = value));

  try {
    while (!output.includes(BANNER_END)) {
      if (exit) fail(`npm start exited (code ${exit.code}, signal ${exit.signal}) before printing its banner`);
      if (Date.now() - started > START_TIMEOUT_MS) fail(`no banner within ${START_TIMEOUT_MS / 1000} s`);
      await sleep(250);
    }
    console.log(`start smoke: banner printed ${((Date.now() - spawned) / 1000).toFixed(1)} s after ${resume ? 'the second' : ''} npm start`);
    // A second start resumes the chain and the index of the first: no deployment, no drive, no re-indexing.
    if (resume && !/resumed from \S+chain\)/.test(output)) fail('the second start did not resume the dev chain');
    if (resume && (output.includes('Driving the chain-demo preset') || output.includes('index store cursor created')))
      fail('the second start drove or indexed the chain again');

    const md = `http://127.0.0.1:${DEV_PORTS.MARKET_DATA_PORT}`;
    const bo = `http://127.0.0.1:${DEV_PORTS.BEACON_OPS_PORT}`;
    const apiKey = /X-API-Key: (\S+)/.exec(output)?.[1] ?? fail('the banner shows no X-API-Key');
    const token = /auth: header {2}Authorization: Bearer (\S+)/.exec(output)?.[1] ?? fail('the banner shows no bearer token');
    const ecdsaBody = /update_beacon_with_ecdsa_adapter .* -d '(\{[^']*\})'/.exec(output)?.[1] ?? fail('the banner shows no ECDSA update');

    for (const [name, base] of [
      ['market-data', md],
      ['beacon-ops', bo],
    ]) {
      await expectJson(`${name} GET /health`, `${base}/health`, {}, (status, body) => (status === 200 && body?.status === 'ok' ? null : 'not ok'));
      await expectJson(`${name} GET /ready`, `${base}/ready`, {}, (status) => (status === 200 ? null : 'not ready'));
    }

    await expectJson('market-data GET /markets without a key is refused', `${md}/markets`, {}, (status) => (status === 401 ? null : 'expected 401'));
    const anvil = `http://127.0.0.1:${DEV_PORTS.ANVIL_PORT}`;
    const markets = await expectJson(
      "market-data GET /markets with the printed key lists the dev chain's markets",
      `${md}/markets?limit=10`,
      { headers: { 'X-API-Key': apiKey } },
      (status, body) => (status === 200 && body.total === 3 && body.items?.length === 3 ? null : 'expected 3 markets'),
    );
    for (const market of markets.items) {
      if ((await rpc(anvil, 'eth_getCode', [market.perp_address, 'latest'])) === '0x') fail(`market ${market.perp_address} has no code on the dev chain`);
    }
    console.log('  ok  every market listed is a contract on the dev chain');
    // Ready: within MAX_LAG_BLOCKS of the head (the live load mines on while this runs; the audit below waits for its block).
    await expectJson('indexer GET /ready', `http://127.0.0.1:${DEV_PORTS.INDEXER_PORT}/ready`, {}, (status, body) =>
      status === 200 && body?.status === 'ready' && body?.role === 'active' ? null : 'not ready',
    );

    const post = (auth) => ({
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(auth ? { authorization: `Bearer ${token}` } : {}) },
      body: ecdsaBody,
    });
    await expectJson('beacon-ops ECDSA update without the token is refused', `${bo}/update_beacon_with_ecdsa_adapter`, post(false), (status, body) =>
      status === 401 && body?.success === false ? null : 'expected 401',
    );
    const update = await expectJson('beacon-ops the printed ECDSA update lands', `${bo}/update_beacon_with_ecdsa_adapter`, post(true), (status, body) =>
      status === 200 && body?.success === true && /^Transaction hash: 0x[0-9a-f]{64}$/.test(body.data) ? null : 'expected a transaction hash',
    );
    const hash = update.data.slice('Transaction hash: '.length);
    const receipt = await rpc(`http://127.0.0.1:${DEV_PORTS.ANVIL_PORT}`, 'eth_getTransactionReceipt', [hash]);
    if (receipt?.status !== '0x1') fail(`the update's transaction ${hash} has no successful receipt on the chain`);
    console.log('  ok  its transaction is mined with status 1');
    // Touch after update: beacon-ops touches the perps of that beacon within its flush window (1 s).
    const metrics = `http://127.0.0.1:${DEV_PORTS.BEACON_OPS_METRICS_PORT}/metrics`;
    const touched = async () => Number(/^beacon_ops_touch_perps_sent_total (\d+)/m.exec(await (await fetch(metrics)).text())?.[1] ?? 0);
    for (let waited = 0; (await touched()) < 1; waited += 250) {
      if (waited > 20_000) fail(`beacon-ops touched no perp within 20 s of the update:\n${await (await fetch(metrics)).text()}`);
      await sleep(250);
    }
    console.log(`  ok  beacon-ops touched the beacon's perps after the update (${await touched()} perp touches sent)`);

    // The audit, as CI's proof that the index equals the chain: once the indexer holds the update's block.
    const updateBlock = Number(BigInt(receipt.blockNumber));
    const indexerReady = `http://127.0.0.1:${DEV_PORTS.INDEXER_PORT}/ready`;
    for (let waited = 0; ((await (await fetch(indexerReady)).json()).cursor?.block_number ?? -1) < updateBlock; waited += 250) {
      if (waited > 60_000) fail(`the indexer did not reach block ${updateBlock} within 60 s`);
      await sleep(250);
    }
    try {
      const audit = execFileSync('npm', ['run', '-s', 'audit:index', '--', '--rpc', anvil], { cwd: root, env, encoding: 'utf8' });
      process.stdout.write(audit.replace(/^(?=.)/gm, '  | '));
      console.log('  ok  npm run audit:index: no disagreement between the index and the chain');
    } catch (error) {
      fail(`npm run audit:index failed (exit ${error.status}):\n${error.stdout ?? ''}${error.stderr ?? ''}`);
    }
  } finally {
    // Ctrl-C in a terminal signals the whole foreground process group.
    if (!exit) process.kill(-stack.pid, 'SIGINT');
    let timer;
    const stopped = await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, STOP_TIMEOUT_MS, null)))]);
    clearTimeout(timer);
    if (!stopped) {
      process.kill(-stack.pid, 'SIGKILL');
      fail(`npm start still running ${STOP_TIMEOUT_MS / 1000} s after Ctrl-C`);
    }
    if (process.exitCode !== 1) {
      // npm itself ends by the signal it was sent (as in a terminal); the stack must have stopped cleanly.
      const npmStopped = stopped.code === 0 || stopped.code === 130 || stopped.signal === 'SIGINT';
      if (!npmStopped || !/\nStopped\.\n/.test(output)) fail(`npm start did not stop cleanly on Ctrl-C (code ${stopped.code}, signal ${stopped.signal})`);
      await sleep(500);
      if (groupAlive(stack.pid)) fail('a process of npm start is still alive after Ctrl-C');
      for (const [variable, port] of Object.entries(DEV_PORTS)) if (await listening(port)) fail(`port ${port} (${variable}) is still open after Ctrl-C`);
      console.log(`  ok  Ctrl-C stopped everything: no process, no open port`);
    } else if (groupAlive(stack.pid)) process.kill(-stack.pid, 'SIGKILL');
  }
  return output;
}

main().catch((error) => {
  if (process.exitCode !== 1) console.error(`start smoke FAILED: ${error instanceof Error ? error.stack : error}`);
  process.exit(1);
});
