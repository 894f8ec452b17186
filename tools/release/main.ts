/**
 * `npm run release -- <app|lib> <patch|minor|major|x.y.z> [--dry-run]`
 *
 * Versions and tags one app, or one published lib (the typed clients' npm packages), on its own:
 * bumps apps/<app>/package.json (libs/<lib>/package.json), commits only that file and creates the
 * annotated tag <name>@<version>. Refuses an unknown name, a dirty working tree,
 * a version not higher than the current one and an existing tag. Pushes nothing.
 */
import { execFileSync } from 'node:child_process';
import { applyRelease, planRelease } from './release-app';

const USAGE = 'Usage: npm run release -- <app|lib> <patch|minor|major|x.y.z> [--dry-run]';

function main(): number {
  const args = process.argv.slice(2);
  const dryRun = args.includes('--dry-run');
  const positional = args.filter((arg) => arg !== '--dry-run');
  if (positional.length !== 2 || positional.some((arg) => arg.startsWith('-'))) {
    console.error(USAGE);
    return 2;
  }
  const [app, request] = positional;
  const root = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
  let plan;
  try {
    plan = planRelease(root, app, request);
  } catch (error) {
    console.error(`release: ${error instanceof Error ? error.message : error}`);
    return 1;
  }
  const what = `${plan.app} ${plan.from} -> ${plan.to}: commit ${plan.file}, tag ${plan.tag}`;
  if (dryRun) {
    console.log(`Dry run, nothing changed. Would release ${what}`);
    return 0;
  }
  applyRelease(root, plan);
  console.log(`Released ${what}\nPublish it with: git push origin HEAD ${plan.tag}`);
  return 0;
}

process.exit(main());
