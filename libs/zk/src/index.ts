// @perp/zk: the beacon-mean circuit's prover (snarkjs Groth16 over the committed artifacts) and
// the byte layouts of /update_beacon's `proof` and `public_signals`.
export * from './lib/beacon-circuit';
export * from './lib/proof-encoding';
export * from './lib/prover-inputs';
export * from './lib/prove-beacon-update';
export * from './lib/verify-beacon-proof';
export { snarkjs, stopProver, groth16VerifierTemplatePath } from './lib/snarkjs';
export type { Snarkjs, SnarkjsProof } from './lib/snarkjs';
