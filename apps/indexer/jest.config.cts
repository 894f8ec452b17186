module.exports = {
  displayName: 'indexer',
  preset: '../../jest.preset.js',
  testEnvironment: 'node',
  testTimeout: 60000,
  transform: {
    '^.+\\.[tj]s$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.spec.json' }],
  },
  moduleFileExtensions: ['ts', 'js', 'html'],
  coverageDirectory: '../../coverage/apps/indexer',
};
