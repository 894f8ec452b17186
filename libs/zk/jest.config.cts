module.exports = {
  displayName: 'zk',
  preset: '../../jest.preset.js',
  testEnvironment: 'node',
  transform: {
    '^.+\\.[tj]s$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.spec.json' }],
  },
  moduleFileExtensions: ['ts', 'js', 'html'],
  coverageDirectory: '../../coverage/libs/zk',
  // Real Groth16 proofs: the first one builds the curve (~0.6 s), later ones take ~70 ms.
  testTimeout: 60_000,
};
