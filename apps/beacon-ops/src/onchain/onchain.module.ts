import { Module } from '@nestjs/common';
import { WalletPoolModule } from '../wallet-pool/wallet-pool.module';
import { ContractCode } from './contract-code';
import { ServiceContracts } from './service-contracts';
import { TrustedBeacons } from './trusted-beacons';

/** What the route modules share about the chain: the configured contracts, code checks, and the beacons the signer signs for. */
@Module({
  imports: [WalletPoolModule],
  providers: [ServiceContracts, ContractCode, TrustedBeacons],
  exports: [ServiceContracts, ContractCode, TrustedBeacons],
})
export class OnchainModule {}
