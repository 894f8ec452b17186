module.exports = {
  displayName: 'market-sim',
  preset: '../../jest.preset.js',
  testEnvironment: 'node',
  transform: {
    '^.+\\.[tj]s$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.spec.json' }],
  },
  moduleFileExtensions: ['ts', 'js', 'html'],
  coverageDirectory: '../../coverage/libs/market-sim',
  // The spec starts its own throw-away Postgres and loads the demo preset into it.
  testTimeout: 120000,
};
