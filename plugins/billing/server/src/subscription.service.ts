import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { AppError, COMPANIES, PLUGIN_CONTEXT, type Companies, type PluginContext } from '@atende/sdk-server';
import { RECURRENCE_MONTHS, type Recurrence, type SubscriptionOverview } from '@atende/plugin-billing-contract';
import { LedgerService } from './ledger.service.js';
import { SETTING_INSTRUCTIONS, SETTING_KEY, SETTING_QR, SETTING_SUPPORT } from './settings.js';
import { isoOrNull } from './sql.js';
import { KernelReads, currentPlan } from './kernel-reads.js';

@Injectable()
export class SubscriptionService {
  constructor(
    private readonly em: EntityManager,
    private readonly ledger: LedgerService,
    @Inject(PLUGIN_CONTEXT) private readonly plugin: PluginContext,
    @Inject(COMPANIES) private readonly companies: Companies,
    private readonly reads: KernelReads,
  ) {}

  /**
   * The subscription page and checkout dialog: plan, due date, coins, payment data from settings, and the
   * plans on offer to tenants (plus the current one, so a company on a plan no longer offered can renew it).
   */
  async overview(companyId: number): Promise<SubscriptionOverview> {
    const c = await this.reads.company(companyId);
    if (!c) throw AppError.notFound('ERR_NO_COMPANY_FOUND');
    const [plans, qrImage, key, instructions, supportWhatsapp, coins] = await Promise.all([
      this.companies.offeredPlans(),
      this.plugin.settings.global(SETTING_QR),
      this.plugin.settings.global(SETTING_KEY),
      this.plugin.settings.global(SETTING_INSTRUCTIONS),
      this.plugin.settings.global(SETTING_SUPPORT),
      this.ledger.balance(this.em, companyId),
    ]);
    const plan = currentPlan(c);
    const choices = plan && !plans.some((p) => p.id === plan.id) ? [...plans, plan].sort((a, b) => a.value - b.value || a.id - b.id) : plans;
    return {
      companyId: c.id,
      companyName: c.name,
      email: c.email,
      plan,
      dueDate: isoOrNull(c.due_date),
      recurrence: (c.recurrence in RECURRENCE_MONTHS ? c.recurrence : 'MENSAL') as Recurrence,
      coins,
      plans: choices,
      payment: { qrImage, key, instructions: instructions.split('\n').map((s) => s.trim()).filter(Boolean), supportWhatsapp },
    };
  }
}
