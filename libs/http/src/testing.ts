// Test-only entry (`@perp/http/testing`): the OpenAPI-driven HTTP fuzzer both services' fuzz tests use.
export * from './lib/testing/openapi-fuzz';
