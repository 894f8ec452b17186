import baseConfig from '../../eslint.config.mjs';

export default [
  ...baseConfig,
  // Typechain output; the root config's ignore is relative to the root, not to this folder.
  { ignores: ['generated/**'] },
];
