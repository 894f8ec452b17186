import { Global, Module } from '@nestjs/common';
import { ContractCode } from './contract-code';
import { ServiceContracts } from './service-contracts';

/** What the route modules share about the chain: the configured contracts and code checks. */
@Global()
@Module({ providers: [ServiceContracts, ContractCode], exports: [ServiceContracts, ContractCode] })
export class OnchainModule {}
