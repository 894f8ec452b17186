import { Injectable } from '@nestjs/common';
import {
  EcdsaBeacon__factory,
  EcdsaVerifierAdapter__factory,
  GroupEcdsaVerifierAdapter__factory,
  IDeployedEcdsaVerifierAdapter__factory,
  IEcdsaVerifier__factory,
  IVerifierBeacon__factory,
} from '@perp/contracts';
import { JsonRpcProvider } from 'ethers';
import { isRevert, rpc } from '../../chain/rpc-errors';
import { bodyFieldError } from '../../onchain/field-error';

/** Our EcdsaVerifierAdapter: bound to one beacon (BEACON()), a deadline in what it verifies, a range. */
export interface BoundEcdsaAdapter {
  kind: 'bound';
  adapter: string;
  /** The one beacon the adapter verifies for (its BEACON()). */
  boundBeacon: string;
  signer: string;
  min: bigint;
  max: bigint;
  /** A GroupEcdsaVerifierAdapter's SIZE: the beacon takes exactly this many values an update. Absent: one value. */
  group?: number;
}

/**
 * The deployed protocol's adapter (IDeployedEcdsaVerifierAdapter): no BEACON(), no deadline; its
 * EIP-712 domain as eip712Domain() reports it and its typehash, read once (immutable in its code).
 */
export interface DeployedEcdsaAdapter {
  kind: 'deployed';
  adapter: string;
  signer: string;
  domain: { fields: string; name: string; version: string; chainId: bigint; verifyingContract: string; salt: string; extensions: number };
  typehash: string;
}

/**
 * The operators' newer verifier (IEcdsaVerifier, named by the beacon's `verifier()`, updated with
 * `update(proof, inputs)`): an array measurement, no deadline, no bound beacon, increasing nonces.
 * Its domain and typehash as for the deployed adapter.
 */
export interface ArrayEcdsaVerifier extends Omit<DeployedEcdsaAdapter, 'kind'> {
  kind: 'verifier';
}

export type EcdsaAdapterInfo = BoundEcdsaAdapter | DeployedEcdsaAdapter | ArrayEcdsaVerifier;

const MAX_CACHED = 10_000;

/** A call that reverts, or answers nothing decodable (no such function, no code): the contract lacks it. */
const lacks = (error: unknown): boolean => isRevert(error) || (error as { code?: string }).code === 'BAD_DATA';

function remember<T>(cache: Map<string, T>, key: string, value: T): void {
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
  cache.set(key, value);
}

/**
 * A beacon's verifier adapter and what the signer needs of it, of either kind. An adapter's
 * facts (signer, binding, range, domain, typehash) are immutable in both kinds' code, so they are
 * read once per chain and adapter. Which adapter a beacon names is remembered only for our bound
 * kind (EcdsaBeacon's adapter is immutable and bound to it); a deployed beacon's owner can repoint
 * it (setVerifierAdapter), so it is read on every update (one eth_call).
 */
@Injectable()
export class EcdsaAdapters {
  private readonly boundBeacons = new Map<string, BoundEcdsaAdapter>();
  private readonly adapters = new Map<string, EcdsaAdapterInfo>();

  async of(provider: JsonRpcProvider, beacon: string): Promise<EcdsaAdapterInfo> {
    const chainId = (await provider.getNetwork()).chainId;
    const beaconKey = `${chainId}:${beacon.toLowerCase()}`;
    const bound = this.boundBeacons.get(beaconKey);
    if (bound) return bound;
    const { adapter, via } = await this.adapterOf(provider, beacon);
    const adapterKey = `${chainId}:${via}:${adapter}`;
    let info = this.adapters.get(adapterKey);
    if (!info) {
      info = via === 'verifier' ? await this.readVerifier(provider, beacon, adapter) : await this.read(provider, beacon, adapter);
      remember(this.adapters, adapterKey, info);
    }
    if (info.kind === 'bound' && info.boundBeacon === beacon.toLowerCase()) remember(this.boundBeacons, beaconKey, info);
    return info;
  }

  /** `verifierAdapter()` (ours, the deployed kind), else `verifier()` (the newer IEcdsaVerifier beacons). */
  private async adapterOf(provider: JsonRpcProvider, beacon: string): Promise<{ adapter: string; via: 'verifierAdapter' | 'verifier' }> {
    try {
      return { adapter: (await rpc(() => EcdsaBeacon__factory.connect(beacon, provider).verifierAdapter())).toLowerCase(), via: 'verifierAdapter' };
    } catch (error) {
      if (!lacks(error)) throw error;
    }
    try {
      return { adapter: (await rpc(() => IVerifierBeacon__factory.connect(beacon, provider).verifier())).toLowerCase(), via: 'verifier' };
    } catch (error) {
      if (lacks(error)) throw notEcdsa(beacon);
      throw error;
    }
  }

  /** An IEcdsaVerifier: SIGNER(), EIP-5267 eip712Domain() and MEASUREMENT_TYPEHASH(), else not an ECDSA beacon (a ZK beacon's verifier lacks them). */
  private async readVerifier(provider: JsonRpcProvider, beacon: string, adapter: string): Promise<ArrayEcdsaVerifier> {
    try {
      return { kind: 'verifier', adapter, ...(await ownDomainFacts(IEcdsaVerifier__factory.connect(adapter, provider))) };
    } catch (error) {
      if (lacks(error)) throw notEcdsa(beacon);
      throw error;
    }
  }

  private async read(provider: JsonRpcProvider, beacon: string, adapter: string): Promise<EcdsaAdapterInfo> {
    const bound = EcdsaVerifierAdapter__factory.connect(adapter, provider);
    let boundBeacon: string | undefined;
    try {
      boundBeacon = (await rpc(() => bound.BEACON())).toLowerCase();
    } catch (error) {
      if (!lacks(error)) throw error;
    }
    try {
      if (boundBeacon !== undefined) {
        const [signer, min, max, group] = await Promise.all([
          rpc(() => bound.SIGNER()),
          rpc(() => bound.MIN_MEASUREMENT()),
          rpc(() => bound.MAX_MEASUREMENT()),
          this.groupSize(provider, adapter),
        ]);
        return { kind: 'bound', adapter, boundBeacon, signer: signer.toLowerCase(), min, max, ...(group === undefined ? {} : { group }) };
      }
      return { kind: 'deployed', adapter, ...(await ownDomainFacts(IDeployedEcdsaVerifierAdapter__factory.connect(adapter, provider))) };
    } catch (error) {
      if (lacks(error)) throw notEcdsa(beacon);
      throw error;
    }
  }

  /** A group adapter's SIZE(); undefined for a single-value adapter (it has no SIZE()). */
  private async groupSize(provider: JsonRpcProvider, adapter: string): Promise<number | undefined> {
    try {
      return Number(await rpc(() => GroupEcdsaVerifierAdapter__factory.connect(adapter, provider).SIZE()));
    } catch (error) {
      if (lacks(error)) return undefined;
      throw error;
    }
  }
}

function notEcdsa(beacon: string) {
  return bodyFieldError(
    ['beacon_address'],
    beacon,
    `${beacon} is not an ECDSA-adapter beacon (no verifierAdapter() whose adapter answers SIGNER() and either BEACON() or eip712Domain() and MEASUREMENT_TYPEHASH(), nor a verifier() that answers SIGNER(), eip712Domain() and MEASUREMENT_TYPEHASH())`,
  );
}

/** The contracts that compute their digests from their own EIP-712 domain share these three views. */
type OwnDomainContract = Pick<ReturnType<typeof IEcdsaVerifier__factory.connect>, 'SIGNER' | 'eip712Domain' | 'MEASUREMENT_TYPEHASH'>;

/** SIGNER(), EIP-5267 eip712Domain() and MEASUREMENT_TYPEHASH() of the deployed adapter or the operators' verifier. */
async function ownDomainFacts(contract: OwnDomainContract): Promise<Omit<DeployedEcdsaAdapter, 'kind' | 'adapter'>> {
  const [signer, domain, typehash] = await Promise.all([
    rpc(() => contract.SIGNER()),
    rpc(() => contract.eip712Domain()),
    rpc(() => contract.MEASUREMENT_TYPEHASH()),
  ]);
  const [fields, name, version, chainId, verifyingContract, salt, extensions] = domain;
  return {
    signer: signer.toLowerCase(),
    domain: { fields, name, version, chainId, verifyingContract: verifyingContract.toLowerCase(), salt, extensions: extensions.length },
    typehash,
  };
}
