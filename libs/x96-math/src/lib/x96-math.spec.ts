import { x96Math } from './x96-math';

describe('x96Math', () => {
  it('should work', () => {
    expect(x96Math()).toEqual('x96-math');
  })
})
