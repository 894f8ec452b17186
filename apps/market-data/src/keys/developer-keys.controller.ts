import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiParam,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { ParseIntPathPipe } from '@perp/http';
import { CurrentDeveloper } from '../auth/current-developer.decorator';
import { RequireDeveloper } from '../auth/require-auth.decorators';
import { ApiKeysService } from './api-keys.service';
import { CreateDeveloperKeyBody } from './key-requests.dto';
import { KeyInfoDto, NewKeyResponseDto } from './key-responses.dto';

/** A developer's own keys; the developer is the bearer token's `sub`. */
@ApiTags('keys')
@Controller('auth/keys')
export class DeveloperKeysController {
  constructor(private readonly keys: ApiKeysService) {}

  @Get()
  @RequireDeveloper()
  @ApiOperation({ summary: "List the developer's API keys (previews only, revoked ones included)" })
  @ApiOkResponse({ type: KeyInfoDto, isArray: true })
  list(@CurrentDeveloper() developerId: string): Promise<KeyInfoDto[]> {
    return this.keys.list(developerId);
  }

  @Post()
  @HttpCode(200)
  @RequireDeveloper()
  @ApiOperation({ summary: 'Create an API key; the full key is in this response only' })
  @ApiOkResponse({ type: NewKeyResponseDto })
  @ApiUnprocessableEntityResponse({ description: 'No body, or a name that is not a string or is over 100 characters' })
  @ApiPayloadTooLargeResponse({ description: 'Body over 4 KiB' })
  @ApiConflictResponse({ description: 'API key limit reached: the developer already holds DEVELOPER_KEY_LIMIT (default 25) active keys' })
  create(@CurrentDeveloper() developerId: string, @Body() body: CreateDeveloperKeyBody): Promise<NewKeyResponseDto> {
    return this.keys.createDeveloperKey(developerId, body.name);
  }

  @Delete(':key_id')
  @HttpCode(204)
  @RequireDeveloper()
  @ApiOperation({ summary: 'Revoke one of your API keys; revoking it again is accepted (204)' })
  @ApiParam({ name: 'key_id', type: 'integer', description: 'The id from the creation response or the listing' })
  @ApiNoContentResponse({ description: 'Revoked (now or before); the key is refused from now on' })
  @ApiNotFoundResponse({ description: 'API key not found (unknown id, or a key of another developer)' })
  @ApiUnprocessableEntityResponse({ description: 'key_id is not an integer' })
  async revoke(@CurrentDeveloper() developerId: string, @Param('key_id', ParseIntPathPipe) keyId: number): Promise<void> {
    await this.keys.revoke(developerId, keyId);
  }
}
