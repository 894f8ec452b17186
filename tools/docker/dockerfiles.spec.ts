import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { parseDockerignore } from './dockerignore';
import { DockerStage, parseDockerfile } from './parse-dockerfile';

const REPO_ROOT = join(__dirname, '..', '..');
const APPS = ['market-data', 'beacon-ops', 'indexer'] as const;
const dockerignore = parseDockerignore(readFileSync(join(REPO_ROOT, '.dockerignore'), 'utf8'));

/** The bundle target's output folder, relative to the workspace root. */
function bundleOutput(app: string): string {
  const project = JSON.parse(readFileSync(join(REPO_ROOT, 'apps', app, 'project.json'), 'utf8'));
  const outputs: string[] = project.targets.bundle.outputs;
  expect(outputs).toHaveLength(1);
  return outputs[0].replace('{workspaceRoot}/', '');
}

function workdir(stage: DockerStage, upTo = stage.instructions.length): string {
  let dir = '/';
  for (const instruction of stage.instructions.slice(0, upTo)) if (instruction.keyword === 'WORKDIR') dir = posix.resolve(dir, instruction.args[0]);
  return dir;
}

describe.each(APPS)('docker/%s.Dockerfile', (app) => {
  const stages = parseDockerfile(readFileSync(join(REPO_ROOT, 'docker', `${app}.Dockerfile`), 'utf8'));
  const build = stages[0];
  const runtime = stages[stages.length - 1];

  it('copies from the build context only paths that exist and that .dockerignore lets through', () => {
    const sources = stages.flatMap((stage) =>
      stage.instructions.filter((i) => (i.keyword === 'COPY' || i.keyword === 'ADD') && !i.flags['from']).flatMap((i) => i.args.slice(0, -1)),
    );
    expect(sources.length).toBeGreaterThan(5);
    for (const source of sources) {
      expect({ source, exists: existsSync(join(REPO_ROOT, source)) }).toEqual({ source, exists: true });
      expect({ source, excluded: dockerignore.excludes(source) }).toEqual({ source, excluded: false });
    }
  });

  it('builds the bundle with the Nx target, installing the root lockfile with npm install --no-save', () => {
    const runs = build.instructions.filter((i) => i.keyword === 'RUN').map((i) => i.args.join(' '));
    expect(runs.some((run) => /npm install --no-save/.test(run))).toBe(true);
    expect(runs.some((run) => run.includes(`npx nx run ${app}:bundle`))).toBe(true);
  });

  it("ships what the bundle target outputs, installed from the bundle's own lockfile, as a non-root user", () => {
    const copies = runtime.instructions.filter((i) => i.keyword === 'COPY' && i.flags['from']);
    expect(copies).toHaveLength(1);
    const [copy] = copies;
    expect(copy.flags['from']).toBe(build.name);
    const copied = posix.relative(workdir(build), posix.resolve(workdir(build), copy.args[0]));
    expect(copied).toBe(bundleOutput(app));

    const keywords = runtime.instructions.map((i) => i.keyword);
    const run = runtime.instructions.filter((i) => i.keyword === 'RUN').map((i) => i.args.join(' '));
    expect(run.some((r) => r.startsWith('npm ci --omit=dev'))).toBe(true);
    const user = runtime.instructions.filter((i) => i.keyword === 'USER').pop();
    expect(user?.args[0]).toBeDefined();
    expect(['root', '0']).not.toContain(user?.args[0]);
    expect(keywords.indexOf('USER')).toBeGreaterThan(keywords.lastIndexOf('RUN'));
    expect(keywords).toContain('HEALTHCHECK');
    expect(runtime.instructions.find((i) => i.keyword === 'CMD')?.args).toEqual(['node', '--enable-source-maps', 'main.js']);
  });
});

describe('.dockerignore', () => {
  it('keeps dependencies, build output, caches, local data and secrets out of the build context', () => {
    for (const path of [
      'node_modules',
      'libs/http/node_modules/x',
      '.dev-data',
      'dist',
      'dist/bundles/market-data',
      '.nx',
      'coverage',
      'tmp',
      'a.log',
      'libs/x/b.log',
      '.env',
      '.git',
    ]) {
      expect({ path, excluded: dockerignore.excludes(path) }).toEqual({ path, excluded: true });
    }
    for (const path of ['apps/market-data/src/main.ts', 'libs/service', 'tools/bundle/make-bundle.ts', 'package-lock.json']) {
      expect({ path, excluded: dockerignore.excludes(path) }).toEqual({ path, excluded: false });
    }
  });
});

describe('docker/compose.yaml', () => {
  const compose = readFileSync(join(REPO_ROOT, 'docker', 'compose.yaml'), 'utf8');
  const services = Object.fromEntries(
    compose
      .split(/^(?= {2}[\w-]+:\s*$)/m)
      .slice(1)
      .map((block) => [/^ {2}([\w-]+):/.exec(block)?.[1], block]),
  );

  it.each(APPS)('starts %s only after its one-shot migrate job succeeded', (app) => {
    expect(services[`${app}-migrate`]).toContain("command: ['node', 'main.js', 'migrate']");
    expect(services[app]).toMatch(new RegExp(`${app}-migrate: \\{ condition: service_completed_successfully \\}`));
  });

  it('requires every secret from the environment instead of a default', () => {
    for (const secret of [
      'POSTGRES_PASSWORD',
      'ADMIN_API_KEYS',
      'BEACON_OPS_ACCESS_TOKENS',
      'WALLET_PRIVATE_KEYS',
      'SIGNER_PRIVATE_KEY',
      'GRAFANA_ADMIN_PASSWORD',
    ]) {
      expect(compose).toContain(`\${${secret}:?set ${secret}}`);
    }
  });

  it.each([
    ['market-data', '9464'],
    ['beacon-ops', '9465'],
  ])("has Prometheus scrape %s's METRICS_PORT on the compose network, never published", (app, port) => {
    const prometheus = readFileSync(join(REPO_ROOT, 'docker', 'prometheus', 'prometheus.yml'), 'utf8');
    expect(prometheus).toContain(`job_name: ${app}`);
    expect(prometheus).toContain(`'${app}:${port}'`);
    const env = compose.split(`x-${app}-env:`)[1].split(/\n\n/)[0];
    expect(env).toContain(`METRICS_PORT: '${port}'`);
    expect(env).toContain('METRICS_HOST: 0.0.0.0');
    expect(compose).not.toContain(`${port}:${port}`);
  });

  it("has Prometheus scrape every indexer replica's status port (the active one and the standby), never published", () => {
    const prometheus = readFileSync(join(REPO_ROOT, 'docker', 'prometheus', 'prometheus.yml'), 'utf8');
    expect(prometheus).toContain('job_name: indexer');
    expect(prometheus).toMatch(/names: \['indexer'\]\s+type: A\s+port: 8002/);
    expect(compose.split('x-indexer-env:')[1].split(/\n\n/)[0]).toContain(`INDEXER_PORT: '8002'`);
    expect(compose).not.toContain('8002:8002');
  });

  it('mounts into Prometheus and Grafana only files that exist, the dashboards included', () => {
    const mounts = [...compose.matchAll(/^\s+- \.\/([^:]+):/gm)].map((m) => m[1]);
    for (const file of ['prometheus/prometheus.yml', 'grafana/provisioning', 'grafana/market-data.json', 'grafana/beacon-ops.json'])
      expect(mounts).toContain(file);
    for (const file of mounts) expect({ file, exists: existsSync(join(REPO_ROOT, 'docker', file)) }).toEqual({ file, exists: true });
  });
});
