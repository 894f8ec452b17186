import { Public } from '@perp/auth';
import { Controller, Get, HttpCode, Inject, Res } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CheckResultDto, HealthDto, ReadinessDto } from './health.dto';
import { READINESS_CHECKS, ReadinessCheck, runChecks } from './readiness-check';

const PROBE_TIMEOUT_MS = 2_000;

@Public()
@ApiTags('service')
@ApiExtraModels(CheckResultDto)
@Controller()
export class HealthController {
  constructor(@Inject(READINESS_CHECKS) private readonly checks: ReadinessCheck[]) {}

  @Get('health')
  @HttpCode(200)
  @ApiOperation({ summary: 'Liveness: 200 while the process serves requests' })
  @ApiOkResponse({ type: HealthDto })
  health(): HealthDto {
    return { status: 'ok' };
  }

  @Get('ready')
  @ApiOperation({ summary: 'Readiness: 200 when every store and RPC answers, else 503 with each state' })
  @ApiOkResponse({ type: ReadinessDto })
  @ApiServiceUnavailableResponse({ type: ReadinessDto })
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<ReadinessDto> {
    const checks = await runChecks(this.checks, PROBE_TIMEOUT_MS);
    const ready = Object.values(checks).every((c) => c.status === 'up');
    reply.status(ready ? 200 : 503);
    reply.header('cache-control', 'no-store');
    return { status: ready ? 'ready' : 'unavailable', checks };
  }
}
