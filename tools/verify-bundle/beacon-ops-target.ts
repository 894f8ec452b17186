import { join } from 'node:path';
import { getFreePort, startAnvil } from '@perp/local-infra';
import { Contract, JsonRpcProvider, Wallet } from 'ethers';
import { deployDevContracts } from '../dev-stack/deploy-contracts';
import { AppTarget } from './app-target';
import { httpCall } from './http-call';
import { strongSecret } from './strong-secret';
import { check } from './verify-error';

/** beacon-ops: its journal, a fresh anvil with the beacon contracts; checked by creating and registering a beacon on chain. */
export const beaconOpsTarget: AppTarget = {
  databases: ['beacon_ops'],
  stores: 1,
  async prepare(postgres, workDir) {
    const port = await getFreePort();
    const anvil = await startAnvil({ logFile: join(workDir, 'anvil.log') });
    try {
      // Fresh keys, not anvil's well-known ones: the deployment funds the pool wallets.
      const pool = [Wallet.createRandom(), Wallet.createRandom()];
      const signer = Wallet.createRandom();
      const owner = Wallet.createRandom();
      const contracts = await deployDevContracts({ rpcUrl: anvil.url, poolWallets: pool.map((w) => w.address), signer: signer.address });
      const token = strongSecret();
      const env = {
        BEACON_OPS_HOST: '127.0.0.1',
        BEACON_OPS_PORT: String(port),
        // Metrics on (their cost is part of the run), on any free port: the default may be taken on a shared machine.
        METRICS_PORT: '0',
        RPC_URL: anvil.url,
        CHAIN_ID: String(anvil.chainId),
        BEACON_OPS_DATABASE_URL: postgres.url('beacon_ops'),
        BEACON_OPS_ACCESS_TOKENS: token,
        WALLET_PRIVATE_KEYS: pool.map((w) => w.privateKey).join(','),
        SIGNER_PRIVATE_KEY: signer.privateKey,
        BEACON_OWNER_ADDRESS: owner.address,
        ...contracts.env,
      };
      return {
        env,
        port,
        stop: () => anvil.stop(),
        async exercise(base) {
          const auth = { Authorization: `Bearer ${token}` };
          const created = await httpCall(`${base}/create_beacon`, { method: 'POST', headers: auth, json: { placeholder: 'verify-bundle' }, timeoutMs: 60_000 });
          const beacon = created.body?.data;
          check(
            created.status === 200 && created.body?.success === true && /^0x[0-9a-f]{40}$/.test(beacon),
            `POST /create_beacon answered ${created.status}: ${created.text}`,
          );
          const provider = new JsonRpcProvider(anvil.url, undefined, { staticNetwork: true });
          try {
            check((await provider.getCode(beacon)) !== '0x', `POST /create_beacon answered ${beacon}, which holds no contract code on chain`);
            const registered = await httpCall(`${base}/register_beacon`, {
              method: 'POST',
              headers: auth,
              json: { beacon_address: beacon, registry_address: contracts.addresses.registry },
              timeoutMs: 60_000,
            });
            check(
              registered.status === 200 && registered.body?.success === true && /^Transaction hash: 0x[0-9a-f]{64}$/.test(registered.body?.data ?? ''),
              `POST /register_beacon answered ${registered.status}: ${registered.text}`,
            );
            const registry = new Contract(contracts.addresses.registry, ['function beacons(address) view returns (bool)'], provider);
            check((await registry.getFunction('beacons')(beacon)) === true, `the registry does not list ${beacon} after /register_beacon`);
          } finally {
            provider.destroy();
          }
          return [`POST /create_beacon: 200 success, beacon ${beacon} has code on chain`, 'POST /register_beacon: 200 success, the registry lists the beacon'];
        },
      };
    } catch (error) {
      await anvil.stop();
      throw error;
    }
  },
};
