import { z } from 'zod';
import { extendSchema, planChangeSchema } from '@atende/plugin-billing-contract';

const id = z.coerce.number().int().positive();

/** The reseller pays a referral's plan change: billing's bodies plus the referral (§7). */
export const resellerExtendSchema = extendSchema.extend({ targetCompanyId: id });
export const resellerPlanChangeSchema = planChangeSchema.extend({ targetCompanyId: id });

/** GET /api/reseller/metrics: the panel's cards, the referral link and the referrals (§2). */
export const resellerMetricsSchema = z.object({
  sendyCoins: z.number().int(),
  totalCoReferrals: z.number().int(),
  totalBonus: z.number().int(),
  totalSales: z.number().int(),
  referralLink: z.string(),
  referrals: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      email: z.string().nullable(),
      plan: z.object({ id: z.number().int(), name: z.string(), connections: z.number().int() }).nullable(),
      createdAt: z.string(),
      dueDate: z.string().nullable(),
      totalSales: z.number().int(),
      bonus: z.number().int(),
    }),
  ),
});
export type ResellerMetrics = z.infer<typeof resellerMetricsSchema>;

export const ACTION_TYPES = ['extension', 'upgrade', 'downgrade'] as const;
/** GET /api/reseller/history: the reseller's actions on its referrals, newest first. */
export const historyEntrySchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  targetCompany: z.object({ id: z.number().int(), name: z.string(), email: z.string().nullable() }),
  actionType: z.enum(ACTION_TYPES),
  sendyCoinsUsed: z.number().int(),
  description: z.string(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;
