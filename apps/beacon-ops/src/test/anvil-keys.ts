import { HDNodeWallet } from 'ethers';

// The standard anvil mnemonic (ANVIL_MNEMONIC in @perp/local-infra); repeated here so the
// crash child process needs nothing from the testing lib.
const MNEMONIC = 'test test test test test test test test test test test junk';

/** Private key of anvil dev account `index` (0 is the dev stack's deployer). */
export function anvilKey(index: number): string {
  return HDNodeWallet.fromPhrase(MNEMONIC, undefined, `m/44'/60'/0'/0/${index}`).privateKey;
}

export function anvilAddress(index: number): string {
  return HDNodeWallet.fromPhrase(MNEMONIC, undefined, `m/44'/60'/0'/0/${index}`).address.toLowerCase();
}
