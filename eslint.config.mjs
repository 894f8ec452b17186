import nx from '@nx/eslint-plugin';

// Module boundaries: data flows apps -> libs only, and the math lib stays framework-free.
export default [
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  ...nx.configs['flat/javascript'],
  { ignores: ['**/dist', '**/out-tsc', '**/node_modules', '**/.dev-data', 'libs/contracts/generated/**'] },
  {
    files: ['**/*.ts', '**/*.js', '**/*.mjs', '**/*.cjs', '**/*.cts'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: true,
          allow: ['^.*/eslint(\\.base)?\\.config\\.[cm]?[jt]s$'],
          depConstraints: [
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:lib', 'type:pure', 'type:testing'] },
            { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib', 'type:pure'] },
            { sourceTag: 'type:testing', onlyDependOnLibsWithTags: ['type:lib', 'type:pure', 'type:testing'] },
            { sourceTag: 'type:tool', onlyDependOnLibsWithTags: ['type:lib', 'type:pure', 'type:testing'] },
            {
              sourceTag: 'type:pure',
              onlyDependOnLibsWithTags: ['type:pure'],
              bannedExternalImports: ['@nestjs/*', 'typeorm', 'pg', 'ethers', 'fastify', '@fastify/*', 'class-validator', 'class-transformer', 'rxjs'],
            },
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
];
