import { Multicall3__factory } from '../../generated/types';

/** The canonical Multicall3 deployment, at the same address on most EVM chains. */
export const CANONICAL_MULTICALL3_ADDRESS = '0xcA11bde05977b3631167028862bE2a173976CA11';

export interface Call3 {
  target: string;
  allowFailure: boolean;
  callData: string;
}

export interface Call3Result {
  success: boolean;
  returnData: string;
}

const multicall3Interface = Multicall3__factory.createInterface();

/** Calldata of aggregate3, e.g. for a transaction the caller signs and journals itself. */
export function encodeAggregate3(calls: readonly Call3[]): string {
  return multicall3Interface.encodeFunctionData('aggregate3', [[...calls]]);
}

/** aggregate3's return value, e.g. from a simulation before sending. */
export function decodeAggregate3Results(returnData: string): Call3Result[] {
  const [results] = multicall3Interface.decodeFunctionResult('aggregate3', returnData);
  return (results as Array<{ success: boolean; returnData: string }>).map((r) => ({ success: r.success, returnData: r.returnData }));
}
