import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import {
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
import { RequireAdminKey } from '../auth/require-auth.decorators';
import { ApiKeysService } from './api-keys.service';
import { CreateAdminKeyBody, CreateBotKeyBody } from './key-requests.dto';
import { AdminKeyInfoDto, KeyResponseDto } from './key-responses.dto';

const SUMMARY = 'Create a bot API key (admin keys only); the full key is in this response only';

@ApiTags('keys')
@Controller()
export class AdminKeysController {
  constructor(private readonly keys: ApiKeysService) {}

  @Post('admin/keys')
  @HttpCode(200)
  @RequireAdminKey()
  @ApiOperation({ summary: SUMMARY })
  @ApiOkResponse({ type: KeyResponseDto })
  @ApiUnprocessableEntityResponse({ description: 'Invalid body (name missing, not a string, or over 100 characters; rate_limit not a positive integer)' })
  @ApiPayloadTooLargeResponse({ description: 'Body over 4 KiB' })
  create(@Body() body: CreateBotKeyBody): Promise<KeyResponseDto> {
    return this.keys.createBotKey(body.name, body.rate_limit ?? null);
  }

  @Get('admin/keys')
  @RequireAdminKey()
  @ApiOperation({ summary: 'List every API key, bot and developer keys, revoked ones included (admin keys only; previews only)' })
  @ApiOkResponse({ type: AdminKeyInfoDto, isArray: true })
  list(): Promise<AdminKeyInfoDto[]> {
    return this.keys.listAll();
  }

  @Delete('admin/keys/:key_id')
  @HttpCode(204)
  @RequireAdminKey()
  @ApiOperation({ summary: 'Revoke any API key (admin keys only); every replica refuses it at once; revoking it again is accepted (204)' })
  @ApiParam({ name: 'key_id', type: 'integer', description: 'The id from the listing' })
  @ApiNoContentResponse({ description: 'Revoked (now or before)' })
  @ApiNotFoundResponse({ description: 'API key not found' })
  @ApiUnprocessableEntityResponse({ description: 'key_id is not an integer' })
  async revoke(@Param('key_id', ParseIntPathPipe) keyId: number): Promise<void> {
    await this.keys.revokeAny(keyId);
  }

  /** Frozen legacy route: same behaviour and shape as POST /admin/keys had before rate_limit. */
  @Post('v1/admin/keys')
  @HttpCode(200)
  @RequireAdminKey()
  @ApiTags('v1')
  @ApiOperation({ summary: SUMMARY })
  @ApiOkResponse({ type: KeyResponseDto })
  @ApiUnprocessableEntityResponse({ description: 'Invalid body (name missing, not a string, or over 100 characters)' })
  @ApiPayloadTooLargeResponse({ description: 'Body over 4 KiB' })
  createV1(@Body() body: CreateAdminKeyBody): Promise<KeyResponseDto> {
    return this.keys.createBotKey(body.name);
  }
}
