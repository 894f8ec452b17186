import baseConfig from '../../eslint.config.mjs';

// src/generated is openapi-typescript's output, checked against the document by a drift spec.
export default [...baseConfig, { ignores: ['src/generated/**'] }];
