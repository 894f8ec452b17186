import {
  Beacon__factory,
  decodeAggregate3WithGasCalls,
  decodePublicSignals,
  deployEcdsaBeacon,
  EcdsaBeacon__factory,
  encodePublicSignals,
  VerifiableBeacon__factory,
} from '@perp/contracts';
import { decodeProof, encodeProof, malleateProof, proveBeaconUpdate, stopProver } from '@perp/zk';
import { anvilAddress } from '../test/anvil-keys';
import { BeaconEnv, poolTxCount, startBeaconEnv } from '../test/beacon-test-env';

const TX_DATA = /^Transaction hash: (0x[0-9a-f]{64})$/;
const X96 = 2n ** 96n;
const REJECTED = 'Invalid proof: the verifier rejected the proof (InvalidProof)';
const REPLAYED = 'Invalid proof: these public signals were already proven on this beacon (replayed proof; prove again with a new nonce) (ProofAlreadyUsed)';

/** A real Groth16 proof (libs/zk) that `beacon`'s value becomes `mean` * 2^96: 4 measurements equal to `mean`. */
async function zkUpdate(beacon: string, mean: bigint, options: { nonce?: bigint } = {}) {
  const proved = await proveBeaconUpdate({ measurements: [mean, mean, mean, mean], beacon, nonce: options.nonce });
  return { beacon_address: beacon, proof: proved.proof, public_signals: proved.publicSignals };
}

/** The proof with one byte changed (a coordinate of A): it proves nothing any more. */
function flipByte(proof: string): string {
  const at = 2 + 40 * 2;
  return `${proof.slice(0, at)}${(parseInt(proof.slice(at, at + 2), 16) ^ 1).toString(16).padStart(2, '0')}${proof.slice(at + 2)}`;
}

/** Fields in the right shape for the validation tests, which never reach a verifier. */
const unproven = (beacon: string) => ({ beacon_address: beacon, proof: '0x01', public_signals: encodePublicSignals([1n]) });

/** Update routes through real HTTP, checked on the chain afterwards. */
describe('beacon update routes', () => {
  let env: BeaconEnv;
  beforeAll(async () => {
    env = await startBeaconEnv();
  }, 60_000);
  afterAll(async () => {
    await stopProver();
    await env?.stop();
  });

  const post = (path: string, body?: unknown, options?: { token?: string | null; key?: string }) => env.service.post(path, body, options);
  const nextBlockAt = async (secondsLater: number): Promise<number> => {
    const latest = (await env.infra.chain.getBlock('latest'))?.timestamp ?? 0;
    await env.infra.rpc('evm_setNextBlockTimestamp', [latest + secondsLater]);
    return latest + secondsLater;
  };
  const createBeacons = async (count: number): Promise<string[]> =>
    (await post('/batch_create_registry_beacon', { count }).expect(200)).body.data.beacon_addresses as string[];

  describe('/update_beacon', () => {
    it('stores the proven value and writes TWAP observations on the demo ZK beacon', async () => {
      const beacon = VerifiableBeacon__factory.connect(env.system.demoZkBeacon, env.infra.chain);
      const startIndex = await beacon.observationIndex();
      const five = await zkUpdate(env.system.demoZkBeacon, 5n);
      const t1 = await nextBlockAt(100);
      const first = await post('/update_beacon', five).expect(200);
      expect(first.body).toEqual({ success: true, data: expect.stringMatching(TX_DATA), message: 'OK', confirmed: true });
      expect(await beacon.getData()).toEqual([5n * X96, BigInt(t1)]);

      const seven = await zkUpdate(env.system.demoZkBeacon, 7n);
      const t2 = await nextBlockAt(50);
      await post('/update_beacon', seven).expect(200);
      expect(await beacon.getData()).toEqual([7n * X96, BigInt(t2)]);

      // Each update closed an observation; the second one accumulated 5 * 2^96 held for 50 s.
      expect(await beacon.observationIndex()).toBe(startIndex + 2n);
      const o1 = await beacon.observations(startIndex + 1n);
      const o2 = await beacon.observations(startIndex + 2n);
      expect([o1.timestamp, o2.timestamp]).toEqual([BigInt(t1), BigInt(t2)]);
      expect(o2.cumulative - o1.cumulative).toBe(5n * X96 * 50n);
      expect(await beacon.getTwap(50)).toBe(5n * X96);
    });

    it('refuses a changed byte, a proof of other public signals or for another beacon (422), sending nothing', async () => {
      const beacon = VerifiableBeacon__factory.connect(env.system.demoZkBeacon, env.infra.chain);
      const [other] = await createBeacons(1);
      const before = { txs: await poolTxCount(env), data: await beacon.getData() };
      const body = await zkUpdate(env.system.demoZkBeacon, 9n);

      const flipped = await post('/update_beacon', { ...body, proof: flipByte(body.proof) }).expect(422);
      expect(flipped.body).toEqual({ success: false, data: null, message: REJECTED });
      // The same proof with the value changed in its public signals.
      const [value, beaconSignal, nonce] = decodePublicSignals(body.public_signals);
      const otherValue = await post('/update_beacon', { ...body, public_signals: encodePublicSignals([value + X96, beaconSignal, nonce]) }).expect(422);
      expect(otherValue.body.message).toBe(REJECTED);
      // A valid proof, made for another beacon (its address in the beacon signal).
      const forOther = await zkUpdate(other, 9n);
      expect((await post('/update_beacon', { ...forOther, beacon_address: env.system.demoZkBeacon }).expect(422)).body.message).toBe(REJECTED);
      const badSignals = await post('/update_beacon', { ...body, public_signals: '0x1234' }).expect(422);
      expect(badSignals.body.message).toMatch(/^Invalid proof: public_signals must be .*\(InvalidPublicSignals\)$/);

      expect(await poolTxCount(env)).toBe(before.txs);
      expect(await beacon.getData()).toEqual(before.data);
    });

    it('refuses a replay (422): the same proof, a malleated one and a fresh proof of the same statement', async () => {
      const beacon = VerifiableBeacon__factory.connect(env.system.demoZkBeacon, env.infra.chain);
      const body = await zkUpdate(env.system.demoZkBeacon, 10n, { nonce: 1234n });
      await post('/update_beacon', body).expect(200);
      const after = { txs: await poolTxCount(env), data: await beacon.getData() };
      expect(after.data[0]).toBe(10n * X96);

      const twin = encodeProof(malleateProof(decodeProof(body.proof))); // valid for the verifier, other bytes
      const again = await zkUpdate(env.system.demoZkBeacon, 10n, { nonce: 1234n });
      for (const proof of [body.proof, twin, again.proof]) {
        const replayed = await post('/update_beacon', { ...body, proof }).expect(422);
        expect(replayed.body).toEqual({ success: false, data: null, message: REPLAYED });
      }
      expect(await poolTxCount(env)).toBe(after.txs);
      expect(await beacon.getData()).toEqual(after.data);
    });

    it('answers 404 for a beacon address without code', async () => {
      const nobody = anvilAddress(18);
      const res = await post('/update_beacon', unproven(nobody)).expect(404);
      expect(res.body).toEqual({ success: false, data: null, message: `Beacon not found: no contract at ${nobody}` });
    });

    it('names each invalid field', async () => {
      const res = await post('/update_beacon', { beacon_address: env.system.demoZkBeacon, proof: 'xyz', public_signals: '0x123' }).expect(422);
      expect(res.body.message).toBe(
        "Invalid request: body.proof: String should match pattern '^0x([0-9a-fA-F]{2})*$'; body.public_signals: String should match pattern '^0x([0-9a-fA-F]{2})*$'",
      );
    });
  });

  describe('/update_beacon_with_ecdsa_adapter', () => {
    const ecdsa = () => EcdsaBeacon__factory.connect(env.system.demoEcdsaBeacon, env.infra.chain);

    it('signs the measurement with the service signer and stores it', async () => {
      const res = await post('/update_beacon_with_ecdsa_adapter', { beacon_address: env.system.demoEcdsaBeacon, measurement: '42' }).expect(200);
      expect(res.body).toEqual({ success: true, data: expect.stringMatching(TX_DATA), message: 'OK', confirmed: true });
      expect(await ecdsa().index()).toBe(42n);
      const hash = TX_DATA.exec(res.body.data)?.[1] ?? '';
      const receipt = await env.infra.chain.getTransactionReceipt(hash);
      expect(receipt?.status).toBe(1);
      expect(env.walletAccounts.map(anvilAddress)).toContain(receipt?.from.toLowerCase()); // paid by the pool, not the signer
      await post('/update_beacon_with_ecdsa_adapter', { beacon_address: env.system.demoEcdsaBeacon, measurement: 100 }).expect(200);
      expect(await ecdsa().index()).toBe(100n);
    });

    it('refuses a measurement outside the adapter range (422 invalid proof)', async () => {
      const res = await post('/update_beacon_with_ecdsa_adapter', { beacon_address: env.system.demoEcdsaBeacon, measurement: '101' }).expect(422);
      expect(res.body).toEqual({
        success: false,
        data: null,
        message: "Invalid proof: the measurement is outside the adapter's accepted range [0, 100]: got 101 (MeasurementOutOfRange)",
      });
    });

    it('refuses a beacon whose adapter trusts another signer (422 signer mismatch)', async () => {
      const other = await deployEcdsaBeacon(env.deployer, { signer: anvilAddress(12), min: 0n, max: 100n });
      const res = await post('/update_beacon_with_ecdsa_adapter', { beacon_address: other.beacon, measurement: '1' }).expect(422);
      expect(res.body.message).toBe(
        `Invalid proof: signer mismatch: the adapter of ${other.beacon.toLowerCase()} accepts measurements signed by ${anvilAddress(12)}, the service signs as ${anvilAddress(9)}`,
      );
    });

    it('refuses a beacon that has no ECDSA adapter (422) and an address without code (404)', async () => {
      const zk = await post('/update_beacon_with_ecdsa_adapter', { beacon_address: env.system.demoZkBeacon, measurement: '1' }).expect(422);
      expect(zk.body.message).toMatch(/^Invalid request: body.beacon_address: Value error, 0x[0-9a-f]{40} is not an ECDSA-adapter beacon/);
      const nobody = anvilAddress(19);
      const missing = await post('/update_beacon_with_ecdsa_adapter', { beacon_address: nobody, measurement: '1' }).expect(404);
      expect(missing.body.message).toBe(`Beacon not found: no contract at ${nobody}`);
    });

    it.each([
      ['abc', 'Input should be a valid integer, unable to parse string as an integer'],
      ['-1', 'Input should be greater than or equal to 0'],
      [(2n ** 256n).toString(), `Input should be less than or equal to ${2n ** 256n - 1n}`],
      [null, 'Input should be a valid integer'],
    ])('refuses measurement %j (422 naming the field)', async (measurement, why) => {
      const res = await post('/update_beacon_with_ecdsa_adapter', { beacon_address: env.system.demoEcdsaBeacon, measurement }).expect(422);
      expect(res.body.message).toBe(`Invalid request: body.measurement: ${why}`);
    });

    it('answers a retry with the same Idempotency-Key from the first transaction: one transaction', async () => {
      const before = await poolTxCount(env);
      const body = { beacon_address: env.system.demoEcdsaBeacon, measurement: '7' };
      const first = await post('/update_beacon_with_ecdsa_adapter', body, { key: 'ecdsa-retry-1' }).expect(200);
      const again = await post('/update_beacon_with_ecdsa_adapter', body, { key: 'ecdsa-retry-1' }).expect(200);
      expect(again.body).toEqual(first.body);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(await poolTxCount(env)).toBe(before + 1);
      expect(await ecdsa().index()).toBe(7n);
    });
  });

  describe('/batch_update_beacon', () => {
    it('applies the valid entries and reports each one from the receipt, with an explicit gas limit per entry', async () => {
      const [b0, b1, b2, b3] = await createBeacons(4);
      const nobody = anvilAddress(13);
      const invalid = await zkUpdate(b1, 22n);
      const updates = [
        await zkUpdate(b0, 11n),
        { ...invalid, proof: flipByte(invalid.proof) },
        await zkUpdate(b2, 33n),
        unproven(nobody),
        { ...(await zkUpdate(b3, 55n)), public_signals: '0x1234' },
      ];
      const before = await poolTxCount(env);
      const res = await post('/batch_update_beacon', { updates }).expect(200);
      const hash = res.body.data.results[0].transaction_hash as string;
      expect(res.body).toEqual({
        success: true,
        message: 'OK',
        confirmed: true,
        data: {
          results: [
            { beacon_address: b0, success: true, transaction_hash: hash, error: null },
            { beacon_address: b1, success: false, transaction_hash: null, error: REJECTED },
            { beacon_address: b2, success: true, transaction_hash: hash, error: null },
            { beacon_address: nobody, success: false, transaction_hash: null, error: `Beacon not found: no contract at ${nobody}` },
            {
              beacon_address: b3,
              success: false,
              transaction_hash: null, // a failed entry has no transaction of its own (the-beaconator's clients read null)
              error: expect.stringMatching(/^Invalid proof: public_signals must be .*\(InvalidPublicSignals\)$/),
            },
          ],
          total_requested: 5,
          successful_updates: 2,
          failed_updates: 3,
        },
      });
      expect(await poolTxCount(env)).toBe(before + 1);
      const value = async (beacon: string) => (await Beacon__factory.connect(beacon, env.infra.chain).getData())[0];
      expect([await value(b0), await value(b1), await value(b2), await value(b3)]).toEqual([11n * X96, 0n, 33n * X96, 0n]);

      // One BatchUpdater transaction; every entry has its own gas limit, and the transaction's covers them all.
      const tx = await env.infra.chain.getTransaction(hash);
      expect(tx?.to?.toLowerCase()).toBe(env.system.batchUpdater.toLowerCase());
      const calls = decodeAggregate3WithGasCalls(tx?.data ?? '0x');
      expect(calls.map((c) => c.target.toLowerCase())).toEqual(updates.map((u) => u.beacon_address));
      for (const call of calls) expect(call.gasLimit).toBeGreaterThan(25_000n);
      expect(calls[0].gasLimit).toBeGreaterThan(300_000n); // a Groth16 update: ~270k used, plus headroom
      expect(tx?.gasLimit).toBeGreaterThan(calls.reduce((sum, c) => sum + c.gasLimit, 0n));
    });

    it('applies 100 real proofs in one transaction; under a 2^24 per-transaction cap the batch is refused, nothing sent', async () => {
      const beacons = await createBeacons(100);
      const proving = performance.now();
      const updates = [];
      for (const [i, beacon] of beacons.entries()) updates.push(await zkUpdate(beacon, BigInt(1000 + i)));
      const provingMs = performance.now() - proving;

      // Groth16 verification is ~270k gas per entry: 100 of them do not fit under EIP-7825's cap.
      const capped = await env.startService({ MAX_TRANSACTION_GAS: '16777216' });
      const before = await poolTxCount(env);
      const refused = await capped.post('/batch_update_beacon', { updates }).expect(422);
      expect(refused.body.message).toMatch(
        /^The batch cannot be sent as one transaction: it needs a gas limit of \d+, above the 16777216 per-transaction cap; send fewer updates at once$/,
      );
      expect(await poolTxCount(env)).toBe(before);
      await capped.close();

      const sending = performance.now();
      const res = await post('/batch_update_beacon', { updates }).expect(200);
      const sendingMs = performance.now() - sending;
      expect(res.body.data).toMatchObject({ total_requested: 100, successful_updates: 100, failed_updates: 0 });
      const hash = res.body.data.results[0].transaction_hash as string;
      const [receipt, tx] = await Promise.all([env.infra.chain.getTransactionReceipt(hash), env.infra.chain.getTransaction(hash)]);
      expect(receipt?.logs).toHaveLength(100);
      expect(await poolTxCount(env)).toBe(before + 1);
      for (const i of [0, 57, 99]) expect((await Beacon__factory.connect(beacons[i], env.infra.chain).getData())[0]).toBe(BigInt(1000 + i) * X96);
      const gasUsed = receipt?.gasUsed ?? 0n;
      console.log(
        `100-proof batch: proofs made in ${(provingMs / 1000).toFixed(1)} s; POST /batch_update_beacon ${(sendingMs / 1000).toFixed(1)} s; ` +
          `gas used ${gasUsed} (${gasUsed / 100n} per entry), transaction gas limit ${tx?.gasLimit}`,
      );
    }, 180_000); // 100 proofs: ~7 s on an idle machine, 30 s seen on a loaded one

    it('sends nothing when no entry can be applied: 422 for rejected proofs, 404 when no beacon exists', async () => {
      const [b0, b1] = await createBeacons(2);
      const before = await poolTxCount(env);
      const [p0, p1] = [await zkUpdate(b0, 1n), await zkUpdate(b1, 2n)];
      const invalid = await post('/batch_update_beacon', {
        updates: [
          { ...p0, proof: flipByte(p0.proof) },
          { ...p1, proof: flipByte(p1.proof) },
        ],
      }).expect(422);
      expect(invalid.body.message).toBe(
        `Invalid proof: no update of the batch can be applied, nothing was sent: updates[0] (${b0}): ${REJECTED}; updates[1] (${b1}): ${REJECTED}`,
      );
      const nobody = anvilAddress(14);
      const missing = await post('/batch_update_beacon', { updates: [unproven(nobody)] }).expect(404);
      expect(missing.body.message).toBe(`Beacon not found: no contract at ${nobody}; nothing was sent`);
      expect(await poolTxCount(env)).toBe(before);
    });

    it('validates the list: 1-100 entries, each beacon once, each field', async () => {
      const entry = unproven(env.system.demoZkBeacon);
      const empty = await post('/batch_update_beacon', { updates: [] }).expect(422);
      expect(empty.body.message).toBe('Invalid request: body.updates: List should have at least 1 item after validation, not 0');
      const tooMany = await post('/batch_update_beacon', { updates: Array.from({ length: 101 }, () => entry) }).expect(422);
      expect(tooMany.body.message).toBe('Invalid request: body.updates: List should have at most 100 items after validation, not 101');
      const duplicate = await post('/batch_update_beacon', { updates: [entry, { ...entry, proof: '0x02' }] }).expect(422);
      expect(duplicate.body.message).toBe(
        'Invalid request: body.updates.1.beacon_address: Value error, duplicate of updates[0].beacon_address; update each beacon at most once per batch',
      );
      const badField = await post('/batch_update_beacon', { updates: [{ ...entry, proof: 'nope' }] }).expect(422);
      expect(badField.body.message).toBe("Invalid request: body.updates.0.proof: String should match pattern '^0x([0-9a-fA-F]{2})*$'");
      const missing = await post('/batch_update_beacon', {}).expect(422);
      expect(missing.body.message).toBe('Invalid request: body.updates: Field required');
    });
  });
});
