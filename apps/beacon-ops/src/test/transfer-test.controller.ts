import { Body, Controller, HttpCode, Post, UseInterceptors } from '@nestjs/common';
import { BeaconOpsError, ok } from '@perp/http';
import { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor';
import { IdempotencyKey } from '../idempotency/idempotency-key.header';
import { WalletPool } from '../wallet-pool/wallet-pool.service';

interface TransferBody {
  to: string;
  value: string;
}

/** A route shaped like the beacon routes will be, sending a plain value transfer. */
@Controller('test')
export class TransferTestController {
  constructor(private readonly pool: WalletPool) {}

  @Post('transfer')
  @HttpCode(200)
  @UseInterceptors(IdempotencyInterceptor)
  async transfer(@Body() body: TransferBody, @IdempotencyKey() key: string | undefined) {
    if (body.value === 'invalid') throw new BeaconOpsError(422, 'Invalid proof');
    const sent = await this.pool.send({
      kind: 'test_transfer',
      request: body,
      idempotencyKey: key,
      build: () => ({ to: body.to, value: BigInt(body.value), gasLimit: 21_000n }),
    });
    return ok(`Transaction hash: ${sent.hash}`);
  }
}
