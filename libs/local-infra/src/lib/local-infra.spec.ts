import { localInfra } from './local-infra';

describe('localInfra', () => {
  it('should work', () => {
    expect(localInfra()).toEqual('local-infra');
  })
})
