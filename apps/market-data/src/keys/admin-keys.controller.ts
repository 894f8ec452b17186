import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { RequireAdminKey } from '../auth/require-auth.decorators';
import { ApiKeysService } from './api-keys.service';
import { CreateAdminKeyBody } from './key-requests.dto';
import { KeyResponseDto } from './key-responses.dto';

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
  @ApiUnprocessableEntityResponse({ description: 'Invalid body (name missing, not a string, or over 100 characters)' })
  create(@Body() body: CreateAdminKeyBody): Promise<KeyResponseDto> {
    return this.keys.createBotKey(body.name);
  }

  /** Frozen legacy route: same behaviour and shape as POST /admin/keys. */
  @Post('v1/admin/keys')
  @HttpCode(200)
  @RequireAdminKey()
  @ApiTags('v1')
  @ApiOperation({ summary: SUMMARY })
  @ApiOkResponse({ type: KeyResponseDto })
  @ApiUnprocessableEntityResponse({ description: 'Invalid body (name missing, not a string, or over 100 characters)' })
  createV1(@Body() body: CreateAdminKeyBody): Promise<KeyResponseDto> {
    return this.keys.createBotKey(body.name);
  }
}
