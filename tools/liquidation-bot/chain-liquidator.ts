import { withGasHeadroom } from '@perp/contracts';
import { buildFromPoolHooks, perpInterface, type PerpBuild } from '@perp/perp-city-abi';
import type { JsonRpcProvider, Wallet } from 'ethers';

const PERP = perpInterface('v0.1.0');

/**
 * The chain's own word on a candidate: `liquidateTaker` / `liquidateMaker` as an eth_call from
 * the keeper at the latest block (the contract's exact health test, nothing of ours), and the
 * transaction that liquidates when asked. The whole position (v0.2.2 takes its size).
 */
export class ChainLiquidator {
  private readonly builds = new Map<string, PerpBuild>();

  constructor(
    private readonly provider: JsonRpcProvider,
    private readonly keeper: Wallet,
  ) {}

  private async build(perp: string): Promise<PerpBuild> {
    let build = this.builds.get(perp);
    if (!build) {
      const [key] = PERP.decodeFunctionResult('poolKey', await this.provider.call({ to: perp, data: PERP.encodeFunctionData('poolKey') }));
      this.builds.set(perp, (build = buildFromPoolHooks(key.hooks as string)));
    }
    return build;
  }

  private async calldata(perp: string, id: number, isMaker: boolean, amount: bigint): Promise<string> {
    const build = await this.build(perp);
    const args = build === 'v0.1.0' ? [id, this.keeper.address] : [id, this.keeper.address, amount];
    return perpInterface(build).encodeFunctionData(isMaker ? 'liquidateMaker' : 'liquidateTaker', args);
  }

  /** True when the chain would liquidate the position now. */
  async accepts(perp: string, id: number, isMaker: boolean, amount: bigint): Promise<boolean> {
    try {
      await this.provider.call({ to: perp, from: this.keeper.address, data: await this.calldata(perp, id, isMaker, amount) });
      return true;
    } catch (error) {
      if ((error as { code?: string }).code === 'CALL_EXCEPTION') return false;
      throw error;
    }
  }

  /** Sends the liquidation and waits for it; the transaction hash, or null when it reverted (someone was first). */
  async liquidate(perp: string, id: number, isMaker: boolean, amount: bigint): Promise<string | null> {
    const data = await this.calldata(perp, id, isMaker, amount);
    try {
      // The estimate is exact for the block it simulated; the mined one accrues one more time step, which costs more.
      const gasLimit = withGasHeadroom(await this.keeper.estimateGas({ to: perp, data }));
      const receipt = await (await this.keeper.sendTransaction({ to: perp, data, gasLimit })).wait();
      return receipt?.status === 1 ? receipt.hash : null;
    } catch (error) {
      if ((error as { code?: string }).code === 'CALL_EXCEPTION') return null;
      throw error;
    }
  }
}
