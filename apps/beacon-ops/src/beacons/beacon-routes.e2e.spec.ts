import { BeaconRegistry__factory, Beacon__factory, VerifiableBeacon__factory } from '@perp/contracts';
import { FailingBeaconFactory__factory } from '@perp/contracts/testing';
import { getCreateAddress } from 'ethers';
import { anvilAddress } from '../test/anvil-keys';
import { ADDRESS, BeaconEnv, poolTxCount, startBeaconEnv, TX_HASH } from '../test/beacon-test-env';
import { journalRows } from '../test/pool-test-env';

const ADDRESS_AND_TX = /^Beacon address: (0x[0-9a-f]{40}), tx: (0x[0-9a-f]{64})$/;

/** Creating and registering beacons through real HTTP, checked on the chain afterwards. */
describe('beacon creation and registration routes', () => {
  let env: BeaconEnv;
  /** Runs after each journal write, before the broadcast: a test sets it to change the chain in between. */
  let beforeBroadcast: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    env = await startBeaconEnv({ hooks: { afterJournal: async () => beforeBroadcast?.() } });
  }, 60_000);
  afterAll(() => env?.stop());

  const registry = () => BeaconRegistry__factory.connect(env.system.registry, env.infra.chain);
  const code = (address: string) => env.infra.chain.getCode(address);
  const post = (path: string, body?: unknown, options?: { token?: string | null; key?: string }) => env.service.post(path, body, options);

  describe('/create_beacon', () => {
    it('creates a beacon owned by the beacon owner (the signer by default), not registered', async () => {
      const res = await post('/create_beacon', { placeholder: 'anything' }).expect(200);
      expect(res.body).toEqual({ success: true, data: expect.stringMatching(ADDRESS), message: 'OK' });
      const beacon = res.body.data as string;
      expect(await code(beacon)).not.toBe('0x');
      expect((await Beacon__factory.connect(beacon, env.infra.chain).owner()).toLowerCase()).toBe(anvilAddress(9));
      expect(await Beacon__factory.connect(beacon, env.infra.chain).verifier()).toBe(env.system.verifier);
      expect(await registry().beacons(beacon)).toBe(false);
    });

    it('requires the placeholder string', async () => {
      const missing = await post('/create_beacon', {}).expect(422);
      expect(missing.body).toEqual({ success: false, data: null, message: 'Invalid request: body.placeholder: Field required' });
      const wrong = await post('/create_beacon', { placeholder: 5 }).expect(422);
      expect(wrong.body.message).toBe('Invalid request: body.placeholder: Input should be a valid string');
    });
  });

  describe('/create_registry_beacon', () => {
    it('creates and registers a beacon in one transaction, with or without a body', async () => {
      for (const res of [await post('/create_registry_beacon').expect(200), await post('/create_registry_beacon', {}).expect(200)]) {
        expect(res.body).toMatchObject({ success: true, message: 'OK' });
        const [, beacon, hash] = ADDRESS_AND_TX.exec(res.body.data) ?? [];
        expect(await code(beacon)).not.toBe('0x');
        expect(await registry().beacons(beacon)).toBe(true);
        const receipt = await env.infra.chain.getTransactionReceipt(hash);
        expect(receipt?.status).toBe(1);
        expect(receipt?.to?.toLowerCase()).toBe(env.system.beaconFactory.toLowerCase());
      }
    });
  });

  describe('/batch_create_registry_beacon', () => {
    it('creates and registers `count` beacons in one transaction', async () => {
      const before = await poolTxCount(env);
      const res = await post('/batch_create_registry_beacon', { count: 3 }).expect(200);
      expect(res.body).toEqual({
        success: true,
        data: {
          created_count: 3,
          beacon_addresses: [expect.stringMatching(ADDRESS), expect.stringMatching(ADDRESS), expect.stringMatching(ADDRESS)],
          failed_count: 0,
          errors: [],
        },
        message: 'OK',
      });
      for (const beacon of res.body.data.beacon_addresses as string[]) {
        expect(await code(beacon)).not.toBe('0x');
        expect(await registry().beacons(beacon)).toBe(true);
      }
      expect(new Set(res.body.data.beacon_addresses).size).toBe(3);
      expect(await poolTxCount(env)).toBe(before + 1);
    });

    it.each([
      [0, 'Input should be greater than or equal to 1'],
      [101, 'Input should be less than or equal to 100'],
      ['many', 'Input should be a valid integer, unable to parse string as an integer'],
      [2.5, 'Input should be a valid integer, got a number with a fractional part'],
    ])('refuses count %j (422 naming the field)', async (count, why) => {
      const res = await post('/batch_create_registry_beacon', { count }).expect(422);
      expect(res.body).toEqual({ success: false, data: null, message: `Invalid request: body.count: ${why}` });
    });

    it('creates nothing when one creation of the batch would fail: no transaction, registry unchanged', async () => {
      const failing = await (await new FailingBeaconFactory__factory(env.deployer).deploy(env.system.beaconFactory, 2)).waitForDeployment();
      const other = await env.startService({ BEACON_FACTORY_ADDRESS: (await failing.getAddress()).toLowerCase() });
      const factoryNonce = await env.infra.chain.getTransactionCount(env.system.beaconFactory);
      const rows = (await journalRows(env.service.db)).length;
      const fromBlock = await env.infra.chain.getBlockNumber();

      const res = await other.post('/batch_create_registry_beacon', { count: 3 }).expect(422);
      expect(res.body).toEqual({
        success: false,
        data: null,
        message: expect.stringMatching(/^Batch creation failed; nothing was created: creation 2 of 3 would revert: unknown error 0x[0-9a-f]{8}$/),
      });

      expect((await journalRows(env.service.db)).length).toBe(rows); // nothing signed or sent
      expect(await env.infra.chain.getTransactionCount(env.system.beaconFactory)).toBe(factoryNonce); // no clone created
      expect(await registry().queryFilter(registry().filters.BeaconRegistered(), fromBlock)).toEqual([]);
      await other.close();
    });

    it('creates nothing when the batch reverts on chain after its simulation passed', async () => {
      const factoryNonce = await env.infra.chain.getTransactionCount(env.system.beaconFactory);
      const wouldBe = [0, 1, 2].map((i) => getCreateAddress({ from: env.system.beaconFactory, nonce: factoryNonce + i }));
      const fromBlock = await env.infra.chain.getBlockNumber();
      const admin = BeaconRegistry__factory.connect(env.system.registry, env.deployer);
      // Between the simulation and the broadcast the factory loses its registrar right.
      beforeBroadcast = async () => {
        beforeBroadcast = undefined;
        await (await admin.setRegistrar(env.system.beaconFactory, false)).wait();
      };
      try {
        const res = await post('/batch_create_registry_beacon', { count: 3 }).expect(422);
        expect(res.body).toEqual({
          success: false,
          data: null,
          message: expect.stringMatching(/^Batch creation failed; nothing was created: transaction 0x[0-9a-f]{64} reverted on chain$/),
        });
        const hash = /(0x[0-9a-f]{64})/.exec(res.body.message)?.[1] ?? '';
        expect((await env.infra.chain.getTransactionReceipt(hash))?.status).toBe(0);
        for (const address of wouldBe) {
          expect(await code(address)).toBe('0x');
          expect(await registry().beacons(address)).toBe(false);
        }
        expect(await env.infra.chain.getTransactionCount(env.system.beaconFactory)).toBe(factoryNonce);
        expect(await registry().queryFilter(registry().filters.BeaconRegistered(), fromBlock)).toEqual([]);
      } finally {
        beforeBroadcast = undefined;
        await (await admin.setRegistrar(env.system.beaconFactory, true)).wait();
      }
    });
  });

  describe('/create_verifiable_beacon', () => {
    it('takes initial_data as a JSON integer beyond 2^53, exactly, and sets up the TWAP ring', async () => {
      const x96 = (2n ** 96n * 3n) / 2n + 12345n; // 1.5 scaled by 2^96, not a double
      const body = `{"verifier_address": "${env.system.verifier}", "initial_data": ${x96}, "initial_cardinality": 250}`;
      const res = await post('/create_verifiable_beacon').set('content-type', 'application/json').send(body).expect(200);
      const [, beacon, hash] = ADDRESS_AND_TX.exec(res.body.data) ?? [];
      expect(hash).toMatch(TX_HASH);
      const contract = VerifiableBeacon__factory.connect(beacon, env.infra.chain);
      expect((await contract.getData())[0]).toBe(x96);
      expect(await contract.observationCardinalityNext()).toBe(250n);
      expect(await contract.observationCardinality()).toBe(1n);
      expect((await contract.observations(0)).initialized).toBe(true);
      expect(await contract.verifier()).toBe(env.system.verifier);
      // The owner is the pool wallet that sent it (the factory makes its caller the owner).
      const receipt = await env.infra.chain.getTransactionReceipt(hash);
      expect((await contract.owner()).toLowerCase()).toBe(receipt?.from.toLowerCase());
    });

    it('takes initial_data as a decimal string too', async () => {
      const res = await post('/create_verifiable_beacon', {
        verifier_address: env.system.verifier,
        initial_data: (2n ** 200n).toString(),
        initial_cardinality: 1,
      }).expect(200);
      const [, beacon] = ADDRESS_AND_TX.exec(res.body.data) ?? [];
      expect((await VerifiableBeacon__factory.connect(beacon, env.infra.chain).getData())[0]).toBe(2n ** 200n);
    });

    it.each([
      [{ initial_data: '-1' }, 'body.initial_data: Input should be greater than or equal to 0'],
      [{ initial_data: '1.5' }, 'body.initial_data: Input should be a valid integer, unable to parse string as an integer'],
      [{ initial_data: (2n ** 256n).toString() }, `body.initial_data: Input should be less than or equal to ${2n ** 256n - 1n}`],
      [{ initial_cardinality: 0 }, 'body.initial_cardinality: Input should be greater than or equal to 1'],
      [{ initial_cardinality: 70000 }, 'body.initial_cardinality: Input should be less than or equal to 65535'],
      [{ verifier_address: '0x1234' }, "body.verifier_address: String should match pattern '^0x[0-9a-fA-F]{40}$'"],
      [{ verifier_address: undefined }, 'body.verifier_address: Field required'],
    ])('refuses %j (422 naming the field)', async (change, message) => {
      const body = { verifier_address: env.system.verifier, initial_data: '1', initial_cardinality: 10, ...change };
      const res = await post('/create_verifiable_beacon', body).expect(422);
      expect(res.body).toEqual({ success: false, data: null, message: `Invalid request: ${message}` });
    });

    it('refuses a verifier address without a contract (422 naming the field), sending nothing', async () => {
      const before = await poolTxCount(env);
      const nobody = anvilAddress(15);
      const res = await post('/create_verifiable_beacon', { verifier_address: nobody, initial_data: 1, initial_cardinality: 10 }).expect(422);
      expect(res.body.message).toBe(`Invalid request: body.verifier_address: Value error, no contract at ${nobody}`);
      expect(await poolTxCount(env)).toBe(before);
    });
  });

  describe('/register_beacon', () => {
    it('registers an existing beacon once; a second time is a success with data null', async () => {
      const beacon = (await post('/create_beacon', { placeholder: 'x' }).expect(200)).body.data as string;
      const res = await post('/register_beacon', { beacon_address: beacon, registry_address: env.system.registry }).expect(200);
      expect(res.body).toEqual({ success: true, data: expect.stringMatching(/^Transaction hash: 0x[0-9a-f]{64}$/), message: 'OK' });
      expect(await registry().beacons(beacon)).toBe(true);

      const before = await poolTxCount(env);
      const again = await post('/register_beacon', { beacon_address: beacon.toUpperCase().replace('0X', '0x'), registry_address: env.system.registry }).expect(
        200,
      );
      expect(again.body).toEqual({ success: true, data: null, message: 'Beacon already registered' });
      expect(await poolTxCount(env)).toBe(before);
    });

    it('answers 404 for a beacon address without code', async () => {
      const nobody = anvilAddress(16);
      const res = await post('/register_beacon', { beacon_address: nobody, registry_address: env.system.registry }).expect(404);
      expect(res.body).toEqual({ success: false, data: null, message: `Beacon not found: no contract at ${nobody}` });
    });

    it('answers 422 for a registry without code, or one where the pool wallets are no registrars', async () => {
      const beacon = (await post('/create_beacon', { placeholder: 'x' }).expect(200)).body.data as string;
      const nobody = anvilAddress(17);
      const noRegistry = await post('/register_beacon', { beacon_address: beacon, registry_address: nobody }).expect(422);
      expect(noRegistry.body.message).toBe(`Invalid request: body.registry_address: Value error, no contract at ${nobody}`);

      const foreign = await (await new BeaconRegistry__factory(env.deployer).deploy(env.deployer.address)).waitForDeployment();
      const foreignAddress = (await foreign.getAddress()).toLowerCase();
      const res = await post('/register_beacon', { beacon_address: beacon, registry_address: foreignAddress }).expect(422);
      expect(res.body.message).toBe(`Not authorised: the service's pool wallets are not registrars of registry ${foreignAddress}`);

      const notARegistry = await post('/register_beacon', { beacon_address: beacon, registry_address: env.system.beaconFactory }).expect(422);
      expect(notARegistry.body.message).toMatch(/^Invalid request: body.registry_address: Value error, 0x[0-9a-f]{40} is not a beacon registry/);
    });

    it('names each invalid field', async () => {
      const res = await post('/register_beacon', { beacon_address: 'nope' }).expect(422);
      expect(res.body.message).toBe(
        "Invalid request: body.beacon_address: String should match pattern '^0x[0-9a-fA-F]{40}$'; body.registry_address: Field required",
      );
    });
  });
});
