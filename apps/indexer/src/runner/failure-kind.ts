import { RpcError, MissingBlockError } from '../chain/chain-reader';

/**
 * Which side failed, for /ready and the metrics: every call to the node goes through
 * ChainReader, which raises RpcError (or MissingBlockError); anything else on the writer's path
 * is the store (pg, TypeORM). A type, not the message: both sides fail with ECONNREFUSED.
 */
export function failureKind(error: unknown): 'rpc' | 'store' {
  return error instanceof RpcError || error instanceof MissingBlockError ? 'rpc' : 'store';
}
