// npm run chain-driver -- --rpc URL [--preset P] [--seed N] [--live]: drives a preset, prints the
// addresses and counts as JSON on stdout (progress on stderr), and with --live keeps trading until Ctrl-C.
import { driveChainPreset } from './drive-preset';
import { parseChainDriverCli, USAGE } from './cli-options';
import { startLiveLoad } from './live-load';
import { summary } from './summary';

async function main(): Promise<void> {
  if (process.argv.includes('--help')) {
    console.log(USAGE);
    return;
  }
  let cli;
  try {
    cli = parseChainDriverCli(process.argv.slice(2));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  const log = (line: string) => console.error(line);
  const driven = await driveChainPreset({ rpcUrl: cli.rpc, preset: cli.preset, seed: cli.seed, log });
  console.log(JSON.stringify(summary(driven), null, 2));
  if (!cli.live) return;
  const stop = await startLiveLoad({ rpcUrl: cli.rpc, driven, seed: cli.seed, log });
  log('live load running; Ctrl-C stops it');
  await new Promise<void>((resolve) => process.once('SIGINT', () => resolve()));
  await stop();
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
