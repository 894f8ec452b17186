import nx from '@nx/eslint-plugin';

const bannedInPureLibs = ['@nestjs/*', 'typeorm', 'pg', 'ethers', 'fastify', '@fastify/*', 'class-validator', 'class-transformer', 'rxjs'];

/** Tags: type:app, type:lib (runtime libs), type:pure (no framework, no I/O), type:testing (test and dev-data code: real Postgres/anvil launchers, the market simulator), type:tool. */
function boundaries({ tests }) {
  const testing = tests ? ['type:testing'] : [];
  return [
    'error',
    {
      enforceBuildableLibDependency: true,
      allow: ['^.*/eslint(\\.base)?\\.config\\.[cm]?[jt]s$'],
      depConstraints: [
        { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:lib', 'type:pure', ...testing] },
        { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib', 'type:pure', ...testing] },
        { sourceTag: 'type:testing', onlyDependOnLibsWithTags: ['type:lib', 'type:pure', 'type:testing'] },
        { sourceTag: 'type:tool', onlyDependOnLibsWithTags: ['type:lib', 'type:pure', 'type:testing'] },
        { sourceTag: 'type:pure', onlyDependOnLibsWithTags: ['type:pure'], bannedExternalImports: bannedInPureLibs },
      ],
    },
  ];
}

// Module boundaries: data flows apps -> libs only, and the math lib stays framework-free.
export default [
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  ...nx.configs['flat/javascript'],
  { ignores: ['**/dist', '**/out-tsc', '**/node_modules', '**/.dev-data', 'libs/contracts/generated/**'] },
  {
    files: ['**/*.ts', '**/*.js', '**/*.mjs', '**/*.cjs', '**/*.cts'],
    rules: {
      '@nx/enforce-module-boundaries': boundaries({ tests: false }),
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // Tests may start real Postgres and anvil through the testing lib; production code may not.
  {
    files: ['**/*.spec.ts', '**/test/**/*.ts', '**/jest.*.ts'],
    rules: { '@nx/enforce-module-boundaries': boundaries({ tests: true }) },
  },
];
