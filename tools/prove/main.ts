/**
 * `npm run -s prove -- --measurements 1,2,3,4 --beacon 0x... [--nonce N]`: a Groth16 proof (libs/zk,
 * the beacon-mean circuit) that the beacon's new value is the X96 mean of the measurements.
 * stdout: exactly the JSON body of POST /update_beacon, on one line, for curl -d @- or $(...).
 * stderr: the proven value (X96 integer and decimal) and the proving time.
 */
import { beaconField, parseMeasurements, parseNonce, ProverInputError, proveBeaconUpdate, stopProver } from '@perp/zk';
import { formatDecimal, x96ToPrice } from '@perp/x96-math';

const USAGE =
  'usage: npm run -s prove -- --measurements <m1,m2,m3,m4> --beacon <0x address> [--nonce <decimal>]\n' +
  '  measurements: 4 integers within [0, 2^64); the proven value is their mean scaled by 2^96\n' +
  '  nonce: any number below the BN254 field size; default 128 random bits (a statement is accepted once per beacon)';

interface ProveArgs {
  measurements: bigint[];
  beacon: string;
  nonce?: bigint;
}

export function parseArgs(args: string[]): ProveArgs {
  let measurements: string | undefined;
  let beacon: string | undefined;
  let nonce: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const [flag, inline] = args[i].split(/=(.*)/s, 2);
    const value = () => {
      const v = inline ?? args[++i];
      if (v === undefined) throw new ProverInputError(`${flag} needs a value`);
      return v;
    };
    if (flag === '--measurements') measurements = value();
    else if (flag === '--beacon') beacon = value();
    else if (flag === '--nonce') nonce = value();
    else if (flag === '--help' || flag === '-h') throw new ProverInputError(USAGE);
    else throw new ProverInputError(`unknown argument ${JSON.stringify(args[i])}`);
  }
  if (measurements === undefined) throw new ProverInputError('--measurements is required');
  if (beacon === undefined) throw new ProverInputError('--beacon is required');
  const parsed = parseMeasurements(measurements);
  beaconField(beacon);
  return { measurements: parsed, beacon: beacon.toLowerCase(), nonce: nonce === undefined ? undefined : parseNonce(nonce) };
}

async function main(): Promise<void> {
  let args: ProveArgs;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (error) {
    const message = (error as Error).message;
    console.error(message === USAGE ? USAGE : `${message}\n${USAGE}`);
    process.exit(2);
  }
  try {
    const proved = await proveBeaconUpdate(args);
    console.log(JSON.stringify({ beacon_address: args.beacon, proof: proved.proof, public_signals: proved.publicSignals }));
    console.error(`value: ${proved.value} (X96) = ${formatDecimal(x96ToPrice(proved.value))}, the mean of ${args.measurements.join(', ')}`);
    console.error(`nonce: ${proved.nonce}; proved in ${proved.millis.toFixed(0)} ms`);
  } finally {
    // snarkjs' worker threads would keep the process alive.
    await stopProver();
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
