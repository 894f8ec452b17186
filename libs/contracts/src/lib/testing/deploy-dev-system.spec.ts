import {
  BeaconRegistry__factory,
  EcdsaBeacon__factory,
  EcdsaVerifierAdapter__factory,
  Groth16VerifierAdapter__factory,
  VerifiableBeacon__factory,
} from '../../../generated/types';
import { startTestChain, type TestChain } from '../../../test/test-chain';
import { deployDevSystem } from './deploy-dev-system';

describe('deployDevSystem', () => {
  let chain: TestChain;
  beforeAll(async () => {
    chain = await startTestChain();
  });
  afterAll(() => chain?.stop());

  it('deploys the system, the demo beacons and the registrar rights a local beacon-ops needs', async () => {
    const [deployer, poolA, poolB, , signer] = chain.wallets;
    const system = await deployDevSystem(deployer, {
      signer: signer.address,
      registrars: [poolA.address, poolB.address],
      zkInitialData: 7n,
      zkCardinality: 50,
    });

    for (const address of [
      system.registry,
      system.beaconFactory,
      system.verifiableBeaconFactory,
      system.multicall3,
      system.batchUpdater,
      system.demoEcdsaBeacon,
      system.demoEcdsaAdapter,
      system.demoZkBeacon,
      system.groth16Verifier,
      system.verifier,
    ]) {
      expect(await chain.provider.getCode(address)).not.toBe('0x');
    }
    const registry = BeaconRegistry__factory.connect(system.registry, chain.provider);
    expect(await registry.registrars(poolA.address)).toBe(true);
    expect(await registry.registrars(poolB.address)).toBe(true);
    expect(await registry.registrars(system.beaconFactory)).toBe(true);
    expect(await registry.beacons(system.demoZkBeacon)).toBe(true);

    const adapter = EcdsaVerifierAdapter__factory.connect(system.demoEcdsaAdapter, chain.provider);
    expect(await adapter.SIGNER()).toBe(signer.address);
    expect([await adapter.MIN_MEASUREMENT(), await adapter.MAX_MEASUREMENT()]).toEqual([0n, 100n]);
    expect(await EcdsaBeacon__factory.connect(system.demoEcdsaBeacon, chain.provider).verifierAdapter()).toBe(system.demoEcdsaAdapter);

    const zk = VerifiableBeacon__factory.connect(system.demoZkBeacon, chain.provider);
    expect(await zk.verifier()).toBe(system.demoZkVerifier);
    // The ZK beacons' verifier: the Groth16 adapter in front of the circuit's snarkjs verifier.
    expect(system.demoZkVerifier).toBe(system.verifier);
    expect(await Groth16VerifierAdapter__factory.connect(system.verifier, chain.provider).GROTH16_VERIFIER()).toBe(system.groth16Verifier);
    expect((await zk.getData())[0]).toBe(7n);
    expect(await zk.observationCardinalityNext()).toBe(50n);
  });
});
