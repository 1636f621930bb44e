import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { AppError, COMPANIES, type AuthUser, type Companies } from '@atende/sdk-server';

/**
 * The company's own campaigns switch (`campaignsEnabled`, set by the platform on the company form;
 * commercial-admin §3), on top of the plan flag the kernel checks first: the spec's screens hide
 * campaigns when it is off (the `cshow` flag), and a hidden screen is no refusal, so the API refuses too
 * (403 ERR_NO_PERMISSION, details `campaignsEnabled: disabled`). Read per request (one lookup by primary
 * key), so turning it off takes effect at once.
 */
@Injectable()
export class CampaignsEnabledGuard implements CanActivate {
  constructor(@Inject(COMPANIES) private readonly companies: Companies) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const user = context.switchToHttp().getRequest<{ user?: AuthUser }>().user;
    // Sign-in is the kernel's guard's business (it ran first); nothing to add without a user.
    if (!user) return true;
    const company = await this.companies.get(user.companyId);
    if (!company?.campaignsEnabled) {
      throw new AppError('ERR_NO_PERMISSION', 403, 'Campaigns are disabled for this company.', [{ path: 'campaignsEnabled', message: 'disabled' }]);
    }
    return true;
  }
}
