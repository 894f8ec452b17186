import { Body, Controller, Get, Post, Query } from '@nestjs/common';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ApiProperty, DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { ApiEnvelopeErrors, ApiEnvelopeResponse } from './envelope';
import { AddressField, BigIntField, BoolField, DateTimeField, DecimalField, LiteralField, NestedArrayField } from './field-decorators';
import { PageQuery } from './page-query';
import { ApiPageResponse, PAGE_LIMITS } from './pagination';
import { createTestApp } from './test-app.spec-helper';

class MarketDto {
  @ApiProperty() perp_address!: string;
}

class MarketsQuery extends PageQuery(PAGE_LIMITS.markets) {
  @AddressField({ description: 'Beacon address' }) beacon?: string;
  @DecimalField({ ge: 0 }) min_open_interest?: string;
  @BoolField() has_liquidity?: boolean;
  @LiteralField(['asc', 'desc'] as const, { default: 'desc' }) order!: string;
  @DateTimeField() start_time?: Date;
}

class UpdateDto {
  @AddressField({ required: true }) beacon_address!: string;
}

class BatchUpdateBody {
  @NestedArrayField(() => UpdateDto, { required: true, maxItems: 100 }) updates!: UpdateDto[];
  @BigIntField() measurement?: bigint;
}

class BatchResultDto {
  @ApiProperty() total_requested!: number;
}

@Controller()
class DocsController {
  @Get('markets')
  @ApiPageResponse(MarketDto)
  markets(@Query() _query: MarketsQuery) {
    return [];
  }

  @Post('batch_update_beacon')
  @ApiEnvelopeResponse(BatchResultDto)
  @ApiEnvelopeErrors({ 401: 'Authentication failed', 422: 'Invalid request' })
  batch(@Body() _body: BatchUpdateBody) {
    return null;
  }

  @Post('update_beacon')
  @ApiEnvelopeResponse({ type: 'string', example: 'Transaction hash: 0x...' })
  update() {
    return null;
  }
}

describe('OpenAPI metadata of the helpers', () => {
  let app: NestFastifyApplication;
  let doc: OpenAPIObject;

  beforeAll(async () => {
    app = await createTestApp([DocsController], { errors: 'detail' });
    doc = SwaggerModule.createDocument(app, new DocumentBuilder().build());
  });
  afterAll(() => app.close());

  const param = (name: string) => doc.paths['/markets'].get?.parameters?.find((p) => 'name' in p && p.name === name);

  it('documents page query bounds and defaults', () => {
    expect(param('limit')).toMatchObject({
      in: 'query',
      required: false,
      schema: { type: 'integer', minimum: 1, maximum: 500, default: 100 },
    });
    expect(param('offset')).toMatchObject({ schema: { type: 'integer', minimum: 0, default: 0 } });
  });

  it('documents field kinds', () => {
    expect(param('beacon')).toMatchObject({
      description: 'Beacon address',
      schema: { type: 'string', pattern: '^0x[0-9a-fA-F]{40}$' },
    });
    expect(param('has_liquidity')).toMatchObject({ schema: { type: 'boolean' } });
    expect(param('order')).toMatchObject({ schema: { type: 'string', enum: ['asc', 'desc'], default: 'desc' } });
    expect(param('start_time')).toMatchObject({ schema: { type: 'string', format: 'date-time' } });
    expect(param('min_open_interest')).toMatchObject({
      description: 'A decimal >= 0, as a number or a decimal string',
      schema: { type: 'string', pattern: '^[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?$' },
    });
  });

  it('documents Page<Model>', () => {
    const schema = (doc.paths['/markets'].get?.responses['200'] as { content: Record<string, { schema: unknown }> }).content['application/json'].schema;
    expect(schema).toMatchObject({
      title: 'Page[MarketDto]',
      required: ['items', 'total', 'limit', 'offset', 'has_more'],
      properties: { items: { type: 'array', items: { $ref: '#/components/schemas/MarketDto' } } },
    });
    expect(doc.components?.schemas?.['MarketDto']).toBeDefined();
  });

  it('documents envelopes and nested bodies', () => {
    const responses = doc.paths['/batch_update_beacon'].post?.responses ?? {};
    expect(JSON.stringify(responses['200'])).toContain('#/components/schemas/BatchResultDto');
    expect(JSON.stringify(responses['401'])).toContain('"success"');
    expect(JSON.stringify(doc.paths['/update_beacon'].post?.responses['200'])).toContain('Transaction hash');
    expect(doc.components?.schemas?.['BatchUpdateBody']).toMatchObject({
      required: ['updates'],
      properties: {
        updates: { type: 'array', maxItems: 100, items: { $ref: '#/components/schemas/UpdateDto' } },
        measurement: { type: 'string', pattern: '^[+-]?\\d+$' },
      },
    });
  });
});
