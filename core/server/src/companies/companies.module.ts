import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { ConnectionsModule } from '../connections/connections.module.js';
import { PlansModule } from '../plans/plans.module.js';
import { MediaModule } from '../media/media.module.js';
import { CompaniesService } from './companies.service.js';
import { CompanyDeactivation } from './company-deactivation.js';
import { CompaniesPortService } from './companies-port.service.js';
import { CompaniesController } from './companies.controller.js';

/** Companies (the super user's screen, a company's own data) and the SDK's Companies port. */
@Module({
  imports: [AuthModule, ConnectionsModule, PlansModule, MediaModule],
  providers: [CompaniesService, CompanyDeactivation, CompaniesPortService],
  controllers: [CompaniesController],
  exports: [CompaniesPortService],
})
export class CompaniesModule {}
