#!/usr/bin/env node
// First step of `npm start`: a port already taken is reported at once, naming the variable that
// moves it, before anything is installed, built or started. Node built-ins only: this runs on a
// fresh clone, before `node_modules` exists.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

const DEV_PORTS = JSON.parse(readFileSync(new URL('../../libs/dev-defaults/src/lib/dev-ports.json', import.meta.url), 'utf8'));

/** What `npm start` will listen on: every port of the dev stack, as its variables set them. */
function portsToCheck(env = process.env) {
  const ports = [];
  for (const [variable, fallback] of Object.entries(DEV_PORTS)) {
    // An RPC_URL from the environment means no local anvil (tools/dev-stack/dev-settings.ts).
    if (variable === 'ANVIL_PORT' && env['RPC_URL']) continue;
    const raw = env[variable]?.trim() || String(fallback);
    const port = Number(raw);
    if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`${variable}=${raw} is not a port (1-65535)`);
    ports.push({ variable, port });
  }
  return ports;
}

/** Resolves with the error code when `port` cannot be bound on every interface (EADDRINUSE, EACCES), else null. */
function bindError(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', (error) => resolve(error.code ?? String(error)));
    // 0.0.0.0 also collides with a listener on 127.0.0.1 or [::], so one probe covers them.
    server.listen({ port, host: '0.0.0.0', exclusive: true }, () => server.close(() => resolve(null)));
  });
}

async function main() {
  const problems = [];
  const seen = new Map();
  for (const { variable, port } of portsToCheck()) {
    if (seen.has(port)) {
      problems.push(`port ${port} is given to both ${seen.get(port)} and ${variable}: set one of them to another port`);
      continue;
    }
    seen.set(port, variable);
    const code = await bindError(port);
    if (code === 'EADDRINUSE') problems.push(`port ${port} is already in use: stop what listens there, or set ${variable} to another port`);
    else if (code) problems.push(`port ${port} cannot be used (${code}): set ${variable} to another port`);
  }
  if (problems.length > 0) {
    console.error(`npm start cannot start:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    process.exit(1);
  }
}

main().catch((error) => {
  console.error(`npm start cannot start: ${error.message}`);
  process.exit(1);
});
