import { GasBurner__factory } from '@perp/contracts/testing';
import { anvilKey } from '../test/anvil-keys';
import { BeaconEnv, poolTxCount, startBeaconEnv } from '../test/beacon-test-env';

/** A caller must not make the pool pay for an arbitrary contract's work: each operation has a gas cap. */
describe('gas cap per operation', () => {
  let env: BeaconEnv;
  let burner: string;
  beforeAll(async () => {
    env = await startBeaconEnv({ env: { SIGNER_PRIVATE_KEY: anvilKey(9) } });
    // Succeeds on any call after burning 13M gas: the report's "beacon" that cost the pool 13,022,223 gas.
    burner = await (await (await new GasBurner__factory(env.deployer).deploy(13_000_000n)).waitForDeployment()).getAddress();
  }, 60_000);
  afterAll(() => env?.stop());

  const rowsFor = async (db: BeaconEnv['service']['db'], address: string) =>
    (await db.query(`SELECT count(*)::int AS n FROM tx_journal WHERE $1 = ANY(beacon_addresses)`, [address.toLowerCase()]))[0].n as number;
  const burn = { proof: '0x', public_signals: '0x' };

  it('refuses a gas-burning contract passed as beacon_address (422) and sends nothing from any pool wallet', async () => {
    const before = await poolTxCount(env);
    const res = await env.service.post('/update_beacon', { beacon_address: burner, ...burn }).expect(422);
    expect(res.body.success).toBe(false);
    expect(res.body.data).toBeNull();
    expect(res.body.message).toMatch(/^Transaction refused: it would need \d+ gas, above the 1500000 allowed for update_beacon; nothing was sent/);
    expect(await poolTxCount(env)).toBe(before);
    expect(await rowsFor(env.service.db, burner)).toBe(0);
  });

  it('the cap is a setting: raised above the burn, the same request is sent (and the pool pays for it)', async () => {
    const lax = await env.startService({ SIGNER_PRIVATE_KEY: anvilKey(9), GAS_CAP_UPDATE_BEACON: '30000000' });
    const before = await poolTxCount(env);
    // Mined, then refused for want of a DataUpdated event: what every request cost before the cap.
    const res = await lax.post('/update_beacon', { beacon_address: burner, ...burn }).expect(422);
    expect(res.body.message).toMatch(/no DataUpdated event in its receipt/);
    expect(await poolTxCount(env)).toBe(before + 1);
    await lax.close();
  });

  it('the ECDSA route has its own cap: a tiny one refuses an honest update before sending it', async () => {
    const strict = await env.startService({ SIGNER_PRIVATE_KEY: anvilKey(9), GAS_CAP_ECDSA_UPDATE: '30000' });
    const before = await poolTxCount(env);
    const res = await strict.post('/update_beacon_with_ecdsa_adapter', { beacon_address: env.system.demoEcdsaBeacon, measurement: '3' }).expect(422);
    expect(res.body.message).toMatch(/above the 30000 allowed for update_beacon_with_ecdsa_adapter/);
    expect(await poolTxCount(env)).toBe(before);
    await strict.close();
  });
});
