import { Public } from '@perp/auth';
import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { SERVICE } from '../service-description';

export class ServiceInfoDto {
  @ApiProperty({ example: 'market-data' }) service!: string;
  @ApiProperty({ example: '0.1.0' }) version!: string;
  @ApiProperty({ example: '/docs' }) docs!: string;
  @ApiProperty({ example: '/openapi.json' }) openapi!: string;
}

@Public()
@ApiTags('service')
@Controller()
export class ServiceInfoController {
  @Get()
  @ApiOperation({ summary: 'Service name, version and where its docs are' })
  @ApiOkResponse({ type: ServiceInfoDto })
  info(): ServiceInfoDto {
    return { service: SERVICE.name, version: SERVICE.version, docs: '/docs', openapi: '/openapi.json' };
  }
}
