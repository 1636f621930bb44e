import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { AppError, SETTINGS, type Settings } from '@atende/sdk-server';
import { RECURRENCE_MONTHS, type Recurrence, type SubscriptionOverview } from '@atende/plugin-billing-contract';
import { LedgerService } from './ledger.service.js';
import { SETTING_INSTRUCTIONS, SETTING_KEY, SETTING_QR, SETTING_SUPPORT } from './settings.js';
import { companyRow, isoOrNull, planCard, planRows } from './sql.js';

@Injectable()
export class SubscriptionService {
  constructor(
    private readonly em: EntityManager,
    private readonly ledger: LedgerService,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  /** The subscription page and checkout dialog: plan, due date, coins, plans on offer, payment data from settings. */
  async overview(companyId: number): Promise<SubscriptionOverview> {
    const c = await companyRow(this.em, companyId);
    if (!c) throw AppError.notFound('ERR_NO_COMPANY_FOUND');
    const [plans, qrImage, key, instructions, supportWhatsapp, coins] = await Promise.all([
      planRows(this.em),
      this.settings.global(SETTING_QR),
      this.settings.global(SETTING_KEY),
      this.settings.global(SETTING_INSTRUCTIONS),
      this.settings.global(SETTING_SUPPORT),
      this.ledger.balance(this.em, companyId),
    ]);
    return {
      companyId: c.id,
      companyName: c.name,
      email: c.email,
      plan: c.plan_id ? (plans.map(planCard).find((p) => p.id === c.plan_id) ?? null) : null,
      dueDate: isoOrNull(c.due_date),
      recurrence: (c.recurrence in RECURRENCE_MONTHS ? c.recurrence : 'MENSAL') as Recurrence,
      coins,
      plans: plans.map(planCard),
      payment: { qrImage, key, instructions: instructions.split('\n').map((s) => s.trim()).filter(Boolean), supportWhatsapp },
    };
  }
}
