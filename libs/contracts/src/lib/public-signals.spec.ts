import { AbiCoder, getAddress, toBeHex, zeroPadValue } from 'ethers';
import { matchBatchUpdateLogs, DATA_UPDATED_TOPIC } from './batch-update-outcome';
import { decodeContractError, isProofRejection, contractErrorsInterface, revertDataOf } from './contract-errors';
import { BEACON_CREATED_TOPIC, createdBeaconAddresses } from './created-beacons';
import { decodePublicSignals, encodePublicSignals, publicSignalsValue } from './public-signals';

const coder = AbiCoder.defaultAbiCoder();
const A = getAddress('0x00000000000000000000000000000000000000aa');
const B = getAddress('0x00000000000000000000000000000000000000bb');
const updateLog = (address: string, value: bigint) => ({ address, topics: [DATA_UPDATED_TOPIC], data: zeroPadValue(toBeHex(value), 32) });

describe('encoding helpers (no chain)', () => {
  it('publicSignals round-trips and refuses what the contracts refuse', () => {
    const encoded = encodePublicSignals([5n, 2n ** 255n]);
    expect(decodePublicSignals(encoded)).toEqual([5n, 2n ** 255n]);
    expect(publicSignalsValue(encoded)).toBe(5n);
    expect(() => encodePublicSignals([])).toThrow();
    for (const bad of [coder.encode(['uint256'], [5n]), coder.encode(['uint256[]'], [[]]), `${encoded}${'00'.repeat(32)}`, '0x']) {
      expect(() => decodePublicSignals(bad)).toThrow();
    }
  });

  it('names custom errors from any contract, require strings, and unknown data as undefined', () => {
    const selector = (name: string) => contractErrorsInterface.getError(name)?.selector;
    for (const name of [
      'InvalidProof',
      'ProofAlreadyUsed',
      'InvalidSignature',
      'NonceAlreadyUsed',
      'MeasurementOutOfRange',
      'NotAuthorised',
      'OldObservation',
      // The deployed adapter interface's (IDeployedEcdsaVerifierAdapter).
      'InvalidSigner',
      'ProofReplay',
    ]) {
      expect(decodeContractError(selector(name))?.name).toBe(name);
    }
    expect(isProofRejection('NonceAlreadyUsed')).toBe(true);
    expect([isProofRejection('InvalidSigner'), isProofRejection('ProofReplay')]).toEqual([true, true]);
    expect(isProofRejection('NotAuthorised')).toBe(false);
    const requireString = `0x08c379a0${coder.encode(['string'], ['Multicall3: call failed']).slice(2)}`;
    expect(decodeContractError(requireString)).toMatchObject({ name: 'Error', args: ['Multicall3: call failed'] });
    expect(decodeContractError('0xdeadbeef')).toBeUndefined();
    expect(decodeContractError('0x')).toBeUndefined();
    // Nested the way JSON-RPC errors arrive through ethers.
    expect(revertDataOf({ info: { error: { code: 3, data: selector('InvalidProof') } } })).toBe(selector('InvalidProof'));
  });

  it('matches receipt logs to batch entries in call order', () => {
    const entries = [
      { beacon: A, publicSignals: encodePublicSignals([1n]) },
      { beacon: B, publicSignals: encodePublicSignals([2n]) },
      { beacon: A, publicSignals: encodePublicSignals([3n]) },
      { beacon: B, publicSignals: encodePublicSignals([4n]) },
    ];
    expect(matchBatchUpdateLogs([updateLog(A, 1n), updateLog(A, 3n)], entries)).toEqual([true, false, true, false]);
    expect(matchBatchUpdateLogs([updateLog(B, 2n), updateLog(B, 4n)], entries)).toEqual([false, true, false, true]);
    expect(matchBatchUpdateLogs([], entries)).toEqual([false, false, false, false]);
    // Other events (and lowercase addresses from raw RPC) do not confuse it.
    const other = { address: A, topics: [BEACON_CREATED_TOPIC], data: zeroPadValue(A, 32) };
    expect(matchBatchUpdateLogs([other, updateLog(A.toLowerCase(), 3n)], entries)).toEqual([false, false, true, false]);
    expect(createdBeaconAddresses([other])).toEqual([A]);
  });
});
