import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { attachPrincipal, headerValue, RequestWithHeaders } from '@perp/auth';
import { ApiKeyAuthenticator } from './api-key-authenticator';
import { ApiKeyPrincipal } from './api-key-principal';
import { adminKeyRequired } from './auth-errors';
import { API_KEY_HEADER } from './security-schemes';

/**
 * `X-API-Key` holding one of ADMIN_API_KEYS. Missing or unknown keys get the same 401s as
 * ApiKeyGuard; a valid ordinary key gets 403. Use it through `@RequireAdminKey()`.
 */
@Injectable()
export class AdminKeyGuard implements CanActivate {
  constructor(private readonly authenticator: ApiKeyAuthenticator) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<RequestWithHeaders>();
    const principal = await this.authenticator.authenticate(headerValue(request, API_KEY_HEADER), { recordUse: false });
    if (principal.kind !== 'admin') throw adminKeyRequired();
    attachPrincipal<ApiKeyPrincipal>(request, principal);
    return true;
  }
}
