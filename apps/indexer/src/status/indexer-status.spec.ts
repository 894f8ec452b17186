import { IndexerStatus } from './indexer-status';

describe('IndexerStatus: what /ready answers', () => {
  const status = (role: 'active' | 'standby' = 'active') => {
    const s = new IndexerStatus(2, 10);
    s.setRole(role);
    s.setStore('up');
    s.setRpc('up');
    s.setHead({ number: 100, timestamp: 1_000 });
    s.setCursor({ number: 98, hash: '0xab', timestamp: 976 });
    return s;
  };

  it('is ready with the lag in blocks beyond CONFIRMATIONS and in seconds of block time', () => {
    expect(status().ready()).toEqual({
      ready: true,
      body: expect.objectContaining({
        status: 'ready',
        role: 'active',
        lag_blocks: 0,
        lag_seconds: 24,
        head_block: 100,
        cursor: { block_number: 98, block_hash: '0xab' },
      }),
    });
    expect(status('standby').ready().ready).toBe(true);
  });

  it('is unavailable past MAX_LAG_BLOCKS, with the store or the node down, before it knows, or refused', () => {
    const behind = status();
    behind.setCursor({ number: 87, hash: '0xcd', timestamp: 900 });
    expect(behind.ready()).toMatchObject({ ready: false, body: { lag_blocks: 11, problems: ['lag 11 blocks exceeds MAX_LAG_BLOCKS 10'] } });
    const storeDown = status();
    storeDown.setStore('down', 'connect ECONNREFUSED');
    expect(storeDown.ready()).toMatchObject({ ready: false, body: { store: 'down', problems: ['index store down'] } });
    const rpcDown = status();
    rpcDown.setRpc('down');
    expect(rpcDown.ready()).toMatchObject({ ready: false, body: { problems: ['chain RPC down'] } });
    expect(new IndexerStatus(0, 10).ready()).toMatchObject({ ready: false, body: { role: 'starting' } });
    const refused = status();
    refused.setRole('refused');
    expect(refused.ready().ready).toBe(false);
  });
});
