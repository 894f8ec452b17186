// Test-only entry (`@perp/http/testing`): the OpenAPI-driven HTTP fuzzer both services' fuzz tests use,
// and the event-loop stall probe of their request-hygiene tests.
export * from './lib/testing/openapi-fuzz';
export * from './lib/testing/event-loop-stall';
export * from './lib/testing/dashboard-metrics';
