import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { attachPrincipal, headerValue, RequestWithHeaders } from '@perp/auth';
import { ApiKeyAuthenticator } from './api-key-authenticator';
import { ApiKeyPrincipal } from './api-key-principal';
import { API_KEY_HEADER } from './security-schemes';

/** `X-API-Key`: any active key, or an admin key. Use it through `@RequireApiKey()`. */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(private readonly authenticator: ApiKeyAuthenticator) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<RequestWithHeaders>();
    const principal = await this.authenticator.authenticate(headerValue(request, API_KEY_HEADER), { recordUse: true });
    attachPrincipal<ApiKeyPrincipal>(request, principal);
    return true;
  }
}
