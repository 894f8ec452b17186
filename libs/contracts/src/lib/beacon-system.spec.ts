import { BeaconFactory__factory, BeaconRegistry__factory, Beacon__factory } from '../../generated/types';
import { deployTestSystem, revertName, startTestChain, type TestChain } from '../../test/test-chain';
import { createdBeaconAddresses } from './created-beacons';
import type { BeaconSystemAddresses } from './deploy-beacon-system';

describe('beacon system: deployment, factory and registry', () => {
  let chain: TestChain;
  let system: BeaconSystemAddresses;

  beforeAll(async () => {
    chain = await startTestChain();
    system = await deployTestSystem(chain.wallets[0]);
  });
  afterAll(() => chain?.stop());

  const deployer = () => chain.wallets[0];
  const stranger = () => chain.wallets[3];

  async function createBeacon(owner: string): Promise<string> {
    const receipt = await (await BeaconFactory__factory.connect(system.beaconFactory, deployer()).createBeacon(owner)).wait();
    const [beacon] = createdBeaconAddresses(receipt?.logs ?? []);
    return beacon;
  }

  it('deploys every contract and authorises the beacon factory as registrar', async () => {
    for (const address of Object.values(system)) {
      expect(await chain.provider.getCode(address)).not.toBe('0x');
    }
    const registry = BeaconRegistry__factory.connect(system.registry, chain.provider);
    expect(await registry.owner()).toBe(deployer().address);
    expect(await registry.registrars(system.beaconFactory)).toBe(true);
    const factory = BeaconFactory__factory.connect(system.beaconFactory, chain.provider);
    expect(await factory.verifier()).toBe(system.verifier);
    expect(await factory.registry()).toBe(system.registry);
  });

  it('createBeacon emits BeaconCreated with the address of a new contract bound to the verifier', async () => {
    const owner = chain.wallets[1].address;
    const factory = BeaconFactory__factory.connect(system.beaconFactory, deployer());
    const predicted = await factory.createBeacon.staticCall(owner);
    const tx = await factory.createBeacon(owner);
    const receipt = await tx.wait();
    const created = createdBeaconAddresses(receipt?.logs ?? []);
    expect(created).toEqual([predicted]);
    expect(await chain.provider.getCode(predicted)).not.toBe('0x');

    const beacon = Beacon__factory.connect(predicted, chain.provider);
    expect(await beacon.owner()).toBe(owner);
    expect(await beacon.verifier()).toBe(system.verifier);
    const block = await chain.provider.getBlock(receipt?.blockNumber ?? 'latest');
    expect(await beacon.getData()).toEqual([0n, BigInt(block?.timestamp ?? 0)]);
    // Not registered by plain createBeacon.
    expect(await BeaconRegistry__factory.connect(system.registry, chain.provider).beacons(predicted)).toBe(false);
  });

  it('a clone cannot be initialised twice, nor the instance it clones', async () => {
    const beacon = await createBeacon(chain.wallets[1].address);
    expect(await revertName(Beacon__factory.connect(beacon, stranger()).initialize(stranger().address, 5))).toBe('AlreadyInitialized');
    const implementation = await BeaconFactory__factory.connect(system.beaconFactory, chain.provider).implementation();
    expect(await revertName(Beacon__factory.connect(implementation, stranger()).initialize(stranger().address, 5))).toBe('AlreadyInitialized');
  });

  it('createAndRegisterBeacon creates and registers in one transaction', async () => {
    const factory = BeaconFactory__factory.connect(system.beaconFactory, stranger());
    const receipt = await (await factory.createAndRegisterBeacon(stranger().address)).wait();
    const [beacon] = createdBeaconAddresses(receipt?.logs ?? []);
    const registry = BeaconRegistry__factory.connect(system.registry, chain.provider);
    expect(await registry.beacons(beacon)).toBe(true);
    const registered = receipt?.logs.filter((log) => log.address === system.registry).map((log) => registry.interface.parseLog(log)?.name);
    expect(registered).toEqual(['BeaconRegistered']);
  });

  it('registry: a stranger cannot register, the owner and authorised registrars can', async () => {
    const registry = BeaconRegistry__factory.connect(system.registry, deployer());
    const [a, b, c] = [await createBeacon(deployer().address), await createBeacon(deployer().address), await createBeacon(deployer().address)];
    const registrar = chain.wallets[2];

    expect(await revertName(registry.connect(stranger()).registerBeacon(a))).toBe('NotAuthorised');
    expect(await registry.beacons(a)).toBe(false);

    await (await registry.registerBeacon(a)).wait();
    expect(await registry.beacons(a)).toBe(true);

    expect(await revertName(registry.connect(registrar).registerBeacon(b))).toBe('NotAuthorised');
    expect(await revertName(registry.connect(stranger()).setRegistrar(registrar.address, true))).toBe('NotOwner');
    await (await registry.setRegistrar(registrar.address, true)).wait();
    expect(await registry.registrars(registrar.address)).toBe(true);
    await (await registry.connect(registrar).registerBeacon(b)).wait();
    expect(await registry.beacons(b)).toBe(true);

    await (await registry.setRegistrar(registrar.address, false)).wait();
    expect(await revertName(registry.connect(registrar).registerBeacon(c))).toBe('NotAuthorised');
    expect(await registry.beacons(c)).toBe(false);
  });

  it('registry: registering twice succeeds without a second event; an address without code is refused', async () => {
    const registry = BeaconRegistry__factory.connect(system.registry, deployer());
    const beacon = await createBeacon(deployer().address);
    const first = await (await registry.registerBeacon(beacon)).wait();
    const second = await (await registry.registerBeacon(beacon)).wait();
    expect(first?.logs).toHaveLength(1);
    expect(second?.status).toBe(1);
    expect(second?.logs).toHaveLength(0);
    expect(await revertName(registry.registerBeacon(stranger().address))).toBe('NotAContract');
  });

  it('registry: the owner and registrars unregister with BeaconUnregistered; a stranger cannot; twice is a silent no-op', async () => {
    const registry = BeaconRegistry__factory.connect(system.registry, deployer());
    const [a, b] = [await createBeacon(deployer().address), await createBeacon(deployer().address)];
    const registrar = chain.wallets[4];
    await (await registry.setRegistrar(registrar.address, true)).wait();
    for (const beacon of [a, b]) await (await registry.registerBeacon(beacon)).wait();

    expect(await revertName(registry.connect(stranger()).unregisterBeacon(a))).toBe('NotAuthorised');
    expect(await registry.beacons(a)).toBe(true);

    const byOwner = await (await registry.unregisterBeacon(a)).wait();
    expect(await registry.beacons(a)).toBe(false);
    const event = registry.interface.parseLog(byOwner?.logs[0] ?? { topics: [], data: '0x' });
    expect([event?.name, event?.args[0], event?.args[1]]).toEqual(['BeaconUnregistered', a, deployer().address]);

    const byRegistrar = await (await registry.connect(registrar).unregisterBeacon(b)).wait();
    expect(registry.interface.parseLog(byRegistrar?.logs[0] ?? { topics: [], data: '0x' })?.args[1]).toBe(registrar.address);
    expect(await registry.beacons(b)).toBe(false);

    // Not registered (any more, or ever, code or not): success without an event.
    const again = await (await registry.unregisterBeacon(a)).wait();
    expect([again?.status, again?.logs.length]).toEqual([1, 0]);
    const never = await (await registry.unregisterBeacon(stranger().address)).wait();
    expect([never?.status, never?.logs.length]).toEqual([1, 0]);

    // Registered again after a removal: the registry holds it again.
    await (await registry.registerBeacon(a)).wait();
    expect(await registry.beacons(a)).toBe(true);
    await (await registry.setRegistrar(registrar.address, false)).wait();
    expect(await revertName(registry.connect(registrar).unregisterBeacon(a))).toBe('NotAuthorised');
  });
});
