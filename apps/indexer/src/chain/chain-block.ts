/** A block as the chain reader gives it and the follower hands it to handlers (numbers fit a JS number; hashes lowercase 0x-hex). */
export interface ChainBlock {
  number: number;
  hash: string;
  parentHash: string;
  /** Unix seconds. */
  timestamp: number;
}

/** One log of a block, decoded from JSON-RPC's hex quantities; `address` lowercase. */
export interface ChainLog {
  address: string;
  topics: readonly string[];
  data: string;
  blockNumber: number;
  blockHash: string;
  transactionHash: string;
  transactionIndex: number;
  logIndex: number;
}
