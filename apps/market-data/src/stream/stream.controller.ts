import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiKeyPrincipal, CurrentPrincipal, RequireApiKey } from '../auth';
import { ApiErrors, DETAIL_ERROR } from '../common/api-errors';
import { StreamQuery } from './stream-query.dto';
import { StreamService } from './stream.service';

const EVENTS_DESCRIPTION = [
  'Server-Sent Events (text/event-stream). Each message has `event:` and one `data:` line of JSON:',
  '- `hello` {channels, perp_address, last_event_id}: first, on every connection;',
  '- `reset` {channels, reason, read}: read those routes again, the stream cannot give what you miss (reason `connected` for candidates, `gap` when Last-Event-ID is outside the window, `bulk_write` for a bulk load of trades);',
  '- `trades`: a Trade (as /markets/{perp_address}/trades), with an `id:`;',
  '- `marks`: a Live market (as /markets/{perp_address}/live), at most once a second per market, with an `id:`;',
  '- `index` {chain_id, block_number, block_hash, block_timestamp}: the indexer committed a new head, with an `id:`;',
  '- `candidate_enter`: a Liquidatable position candidate (as /positions/liquidatable) that entered the list; `candidate_leave` {id, perp_address, perp}: one that left it. No `id:` (each replica diffs its own refresh).',
  'Comment lines (`: heartbeat`) keep idle connections open. Reconnect with `Last-Event-ID`: the missed trades, marks (latest per market) and index events follow, or a `reset` when they left the window.',
].join('\n');

@ApiTags('stream')
@RequireApiKey()
@Controller('stream')
export class StreamController {
  constructor(private readonly service: StreamService) {}

  @Get()
  @ApiOperation({
    summary: 'Push stream of trades, marks, index heads and liquidation-candidate changes',
    description: EVENTS_DESCRIPTION,
  })
  @ApiProduces('text/event-stream')
  @ApiHeader({ name: 'Last-Event-ID', required: false, description: 'The id of the last event received: the events after it are sent first, when still kept' })
  @ApiResponse({ status: 200, description: 'The event stream (never ends by itself)', content: { 'text/event-stream': { schema: { type: 'string' } } } })
  @ApiResponse({
    status: 429,
    description: 'Rate limit exceeded (per key), too many open streams for this key, or too many failed authentications from this address',
    schema: DETAIL_ERROR,
  })
  @ApiErrors({ 422: 'Invalid query: an unknown channel, or a malformed address', 404: 'Market not found', stores: ['Index store'] })
  async stream(
    @Query() query: StreamQuery,
    @CurrentPrincipal() principal: ApiKeyPrincipal,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.service.open(query, principal, request, reply);
  }
}
