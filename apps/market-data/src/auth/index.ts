// What other modules of market-data use: the route decorators and who called.
export { RequireAdminKey, RequireApiKey, RequireDeveloper } from './require-auth.decorators';
export { CurrentDeveloper } from './current-developer.decorator';
export type { ApiKeyPrincipal } from './api-key-principal';
export { CurrentPrincipal } from '@perp/auth';
