import { settings } from './settings';

describe('settings', () => {
  it('should work', () => {
    expect(settings()).toEqual('settings');
  })
})
