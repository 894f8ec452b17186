import { BeaconRegistry__factory, deployEcdsaBeacon, EcdsaBeacon__factory } from '@perp/contracts';
import { DeployedEcdsaBeaconDouble__factory, deployEcdsaBeaconDouble } from '@perp/contracts/testing';
import { anvilAddress } from '../test/anvil-keys';
import { BeaconEnv, poolTxCount, SIGNER, startBeaconEnv } from '../test/beacon-test-env';

const TX_DATA = /^Transaction hash: (0x[0-9a-f]{64})$/;

/** /unregister_beacon, the wind-down half of /register_beacon, through real HTTP, checked on the chain. */
describe('/unregister_beacon', () => {
  let env: BeaconEnv;
  beforeAll(async () => {
    env = await startBeaconEnv();
  }, 60_000);
  afterAll(() => env?.stop());

  const registry = () => BeaconRegistry__factory.connect(env.system.registry, env.infra.chain);
  const post = (path: string, body?: unknown, options?: { token?: string | null; key?: string }) => env.service.post(path, body, options);
  const registeredBeacon = async () => (await post('/create_registry_beacon').expect(200)).body.data.split(',')[0].replace('Beacon address: ', '') as string;

  it('removes a registered beacon (BeaconUnregistered from a pool wallet); a second time, or a beacon never registered, is success with data null and sends nothing', async () => {
    const beacon = await registeredBeacon();
    expect(await registry().beacons(beacon)).toBe(true);
    const res = await post('/unregister_beacon', { beacon_address: beacon, registry_address: env.system.registry }).expect(200);
    expect(res.body).toEqual({ success: true, data: expect.stringMatching(TX_DATA), message: 'OK' });
    expect(await registry().beacons(beacon)).toBe(false);
    const receipt = await env.infra.chain.getTransactionReceipt(TX_DATA.exec(res.body.data)?.[1] ?? '');
    const [event] = (receipt?.logs ?? []).map((log) => registry().interface.parseLog(log));
    expect([event?.name, event?.args[0].toLowerCase()]).toEqual(['BeaconUnregistered', beacon]);
    expect(env.walletAccounts.map(anvilAddress)).toContain(String(event?.args[1]).toLowerCase());
    const [row] = (await env.service.db.query(`SELECT request_kind AS kind, status FROM tx_journal WHERE tx_hash = $1`, [receipt?.hash])) as {
      kind: string;
      status: string;
    }[];
    expect(row).toEqual({ kind: 'unregister_beacon', status: 'confirmed' });

    const never = (await post('/create_beacon', { placeholder: 'x' }).expect(200)).body.data as string;
    const before = await poolTxCount(env);
    const again = await post('/unregister_beacon', { beacon_address: beacon.toUpperCase().replace('0X', '0x'), registry_address: env.system.registry }).expect(
      200,
    );
    expect(again.body).toEqual({ success: true, data: null, message: 'Beacon not registered' });
    expect((await post('/unregister_beacon', { beacon_address: never, registry_address: env.system.registry }).expect(200)).body).toEqual({
      success: true,
      data: null,
      message: 'Beacon not registered',
    });
    expect(await poolTxCount(env)).toBe(before);

    // Registered again, then removed again: the route follows the registry both ways.
    await post('/register_beacon', { beacon_address: beacon, registry_address: env.system.registry }).expect(200);
    await post('/unregister_beacon', { beacon_address: beacon, registry_address: env.system.registry }).expect(200);
    expect(await registry().beacons(beacon)).toBe(false);
  });

  it('takes REGISTRY_ADDRESS when registry_address is absent; 503 naming it when that is unset too', async () => {
    const beacon = await registeredBeacon();
    const res = await post('/unregister_beacon', { beacon_address: beacon }).expect(200);
    expect(res.body.data).toMatch(TX_DATA);
    expect(await registry().beacons(beacon)).toBe(false);

    const unconfigured = await env.startService({ REGISTRY_ADDRESS: '' });
    const other = await registeredBeacon();
    const refused = await unconfigured.post('/unregister_beacon', { beacon_address: other }).expect(503);
    expect(refused.body).toEqual({ success: false, data: null, message: 'Service not configured: REGISTRY_ADDRESS is not set, so this route is unavailable' });
    // Named in the body, the registry needs no setting.
    await unconfigured.post('/unregister_beacon', { beacon_address: other, registry_address: env.system.registry }).expect(200);
    expect(await registry().beacons(other)).toBe(false);
    await unconfigured.close();
  });

  it('answers 404 for a beacon without code, 422 for a registry without code, not a registry, or one the pool wallets are no registrars of: nothing sent', async () => {
    const beacon = await registeredBeacon();
    const before = await poolTxCount(env);
    const nobody = anvilAddress(17);
    expect((await post('/unregister_beacon', { beacon_address: nobody, registry_address: env.system.registry }).expect(404)).body).toEqual({
      success: false,
      data: null,
      message: `Beacon not found: no contract at ${nobody}`,
    });
    expect((await post('/unregister_beacon', { beacon_address: beacon, registry_address: nobody }).expect(422)).body.message).toBe(
      `Invalid request: body.registry_address: Value error, no contract at ${nobody}`,
    );
    const notARegistry = await post('/unregister_beacon', { beacon_address: beacon, registry_address: env.system.beaconFactory }).expect(422);
    expect(notARegistry.body.message).toMatch(/^Invalid request: body.registry_address: Value error, 0x[0-9a-f]{40} is not a beacon registry/);

    // A registry of someone else's that holds the beacon: the pool wallets may not remove it.
    const foreign = await (await new BeaconRegistry__factory(env.deployer).deploy(env.deployer.address)).waitForDeployment();
    await (await foreign.registerBeacon(beacon)).wait();
    const foreignAddress = (await foreign.getAddress()).toLowerCase();
    const res = await post('/unregister_beacon', { beacon_address: beacon, registry_address: foreignAddress }).expect(422);
    expect(res.body).toEqual({
      success: false,
      data: null,
      message: `Not authorised: the service's pool wallets are not registrars of registry ${foreignAddress}`,
    });
    expect(await foreign.beacons(beacon)).toBe(true);
    expect(await poolTxCount(env)).toBe(before);
  });

  it('names each invalid field, and needs the token', async () => {
    const res = await post('/unregister_beacon', { registry_address: 'nope' }).expect(422);
    expect(res.body.message).toBe(
      "Invalid request: body.beacon_address: Field required; body.registry_address: String should match pattern '^0x[0-9a-fA-F]{40}$'",
    );
    const unauthenticated = await post('/unregister_beacon', { beacon_address: anvilAddress(3) }, { token: null }).expect(401);
    expect(unauthenticated.body).toEqual({ success: false, data: null, message: 'Authentication failed: missing bearer token' });
  });

  it('answers a retry with the same Idempotency-Key from the first transaction: one transaction', async () => {
    const beacon = await registeredBeacon();
    const before = await poolTxCount(env);
    const first = await post('/unregister_beacon', { beacon_address: beacon }, { key: 'unregister-once' }).expect(200);
    const retry = await post('/unregister_beacon', { beacon_address: beacon }, { key: 'unregister-once' }).expect(200);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await poolTxCount(env)).toBe(before + 1);
  });

  it('the signer stops signing for a beacon once this service has unregistered it, for both adapter kinds', async () => {
    const bound = await deployEcdsaBeacon(env.deployer, { signer: SIGNER, min: 0n, max: 100n, registry: env.system.registry });
    const deployed = await deployEcdsaBeaconDouble(env.deployer, { signer: SIGNER, registry: env.system.registry });
    for (const beacon of [bound.beacon, deployed.beacon]) {
      await post('/update_beacon_with_ecdsa_adapter', { beacon_address: beacon, measurement: '10' }).expect(200); // a registry yes, remembered
      await post('/unregister_beacon', { beacon_address: beacon }).expect(200);
      const before = await poolTxCount(env);
      const refused = await post('/update_beacon_with_ecdsa_adapter', { beacon_address: beacon, measurement: '11' }).expect(422);
      expect(refused.body.message).toBe(
        `Invalid request: body.beacon_address: Value error, ${beacon.toLowerCase()} is not a beacon the service signs for: it is neither in the registry (REGISTRY_ADDRESS) nor in ECDSA_BEACON_ADDRESSES`,
      );
      expect(await poolTxCount(env)).toBe(before);
    }
    expect(await EcdsaBeacon__factory.connect(bound.beacon, env.infra.chain).index()).toBe(10n);
    expect(await DeployedEcdsaBeaconDouble__factory.connect(deployed.beacon, env.infra.chain).index()).toBe(10n);
  });
});
