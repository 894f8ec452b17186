import { ECDSA_UPDATE, ecdsaPathFiles, loadProgram } from './ecdsa-path-files';

/** Issue 23, "Done when": an ECDSA update's own path (controller -> service -> pool -> store) reads in at most 8 app files. */
describe('the files of an ECDSA update', () => {
  const program = loadProgram();
  const counted = ecdsaPathFiles(ECDSA_UPDATE, program);

  it('follows the calls from the controller method to the journal SQL in at most 8 app files', () => {
    expect(counted.path.length).toBeLessThanOrEqual(8);
    // Both ends are found, so the count cannot pass by finding nothing.
    expect(counted.path).toEqual(expect.arrayContaining(['apps/beacon-ops/src/journal/pool-store.ts']));
    expect(counted.path.some((file) => file.endsWith('.controller.ts'))).toBe(true);
    expect(counted.path.some((file) => file.includes('/wallet-pool/'))).toBe(true);
  });

  it("counts the chains through the route's own service: the touch after a confirmed update journals a send of its own", () => {
    expect(counted.path).not.toContain('apps/beacon-ops/src/touch/perp-touches.ts');
    const anyChain = ecdsaPathFiles({ ...ECDSA_UPDATE, through: undefined }, program);
    expect(anyChain.path).toContain('apps/beacon-ops/src/touch/perp-touches.ts');
    expect(anyChain.path).toEqual(expect.arrayContaining(counted.path));
  });

  it('names every file on the path among the files the update enters', () => {
    expect(counted.entered).toEqual(expect.arrayContaining(counted.path));
    expect(counted.entered.length).toBeGreaterThan(counted.path.length);
  });

  it('refuses ends it cannot find, rather than counting nothing', () => {
    expect(() => ecdsaPathFiles({ ...ECDSA_UPDATE, route: 'no_such_route' }, program)).toThrow(/no controller method/);
    expect(() => ecdsaPathFiles({ ...ECDSA_UPDATE, target: { className: 'PoolStore', method: 'noSuchMethod' } }, program)).toThrow(/no method/);
    expect(() => ecdsaPathFiles({ ...ECDSA_UPDATE, through: { className: 'ZkUpdateService', method: 'update' } }, program)).toThrow(/is not reached through/);
  });
});
