import { z } from 'zod';
import { RECURRENCE_MONTHS, EXTEND_MONTHS } from './rules.js';

export const INVOICE_STATUSES = ['open', 'pending_review', 'paid'] as const;
export const invoiceStatusSchema = z.enum(INVOICE_STATUSES);
/** renewal: a period of the plan (generated, or asked for with "Renew"); upgrade: a bigger plan's difference for the days left. */
export const INVOICE_KINDS = ['renewal', 'upgrade'] as const;
export const invoiceKindSchema = z.enum(INVOICE_KINDS);
export type InvoiceKind = z.infer<typeof invoiceKindSchema>;
export type InvoiceStatus = z.infer<typeof invoiceStatusSchema>;
export const recurrenceSchema = z.enum(Object.keys(RECURRENCE_MONTHS) as [keyof typeof RECURRENCE_MONTHS, ...(keyof typeof RECURRENCE_MONTHS)[]]);

const id = z.coerce.number().int().positive();

/** An invoice (§3) with what the screens need: overdue computed, the company for the super user. */
export const invoiceSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  companyName: z.string(),
  detail: z.string(),
  value: z.number(),
  dueDate: z.string(),
  status: invoiceStatusSchema,
  kind: invoiceKindSchema,
  overdue: z.boolean(),
  /** The plan it was priced from (an upgrade's current plan). */
  planId: z.number().int().nullable(),
  /** The plan it changes to when settled (checkout's choice, or the upgrade's target). */
  requestedPlanId: z.number().int().nullable(),
  /** Days of price difference it carries (a bigger plan before the period starts, or an upgrade) and their value; 0 otherwise. */
  upgradeDays: z.number().int(),
  upgradeValue: z.number(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoiceListQuerySchema = z.object({
  searchParam: z.string().trim().max(100).optional(),
  pageNumber: z.coerce.number().int().min(1).max(10_000).default(1),
  status: invoiceStatusSchema.optional(),
});
export const invoicePageSchema = z.object({ invoices: z.array(invoiceSchema), count: z.number().int(), hasMore: z.boolean() });
export type InvoicePage = z.infer<typeof invoicePageSchema>;
export const INVOICES_PAGE_SIZE = 20;

export const generateResultSchema = z.object({ created: z.number().int() });

/** POST /subscription (§7): the client's price and limits are informative; the server uses the plan's. */
export const subscriptionRequestSchema = z.object({
  plan: z.string().trim().min(1, 'Datos del plan incompletos').max(100),
  price: z.coerce.number().min(0).optional(),
  users: z.coerce.number().int().min(0).optional(),
  connections: z.coerce.number().int().min(0).optional(),
  invoiceId: id,
  planId: id,
});
export type SubscriptionRequest = z.infer<typeof subscriptionRequestSchema>;
export const subscriptionResultSchema = z.object({ success: z.boolean(), error: z.string().optional() });

export const planCardSchema = z.object({ id: z.number().int(), name: z.string(), value: z.number(), users: z.number().int(), connections: z.number().int(), queues: z.number().int() });
export type PlanCard = z.infer<typeof planCardSchema>;

/** The subscription page and checkout: plan, due date, coins, the plans offered and the payment data. */
export const subscriptionOverviewSchema = z.object({
  companyId: z.number().int(),
  companyName: z.string(),
  email: z.string().nullable(),
  plan: planCardSchema.nullable(),
  dueDate: z.string().nullable(),
  recurrence: recurrenceSchema,
  coins: z.number().int(),
  plans: z.array(planCardSchema),
  payment: z.object({ qrImage: z.string(), key: z.string(), instructions: z.array(z.string()), supportWhatsapp: z.string() }),
});
export type SubscriptionOverview = z.infer<typeof subscriptionOverviewSchema>;

export const extendSchema = z.object({ months: z.coerce.number().int().min(EXTEND_MONTHS.min).max(EXTEND_MONTHS.max) });
export const planChangeSchema = z.object({ newPlanId: id });
export const messageSchema = z.object({ message: z.string(), coinsUsed: z.number().int(), dueDate: z.string().nullable(), balance: z.number().int() });

export const bonusProcessSchema = z.object({ processedCompanies: z.number().int(), totalCoinsAwarded: z.number().int() });
export const bonusStatsSchema = z.object({ data: z.object({ totalCompaniesWithBonus: z.number().int(), totalBonusActions: z.number().int() }) });

/** The user is named by id (the users list) or, for a user of another company, by e-mail alone (the review screen). */
export const adjustCoinsSchema = z
  .object({
    userId: id.optional(),
    userEmail: z.string().trim().toLowerCase().max(254).optional(),
    coinsAdjustment: z.coerce
      .number({ message: 'Por favor ingresa un número válido' })
      .int('Por favor ingresa un número válido')
      .min(-100_000_000)
      .max(100_000_000)
      .refine((n) => n !== 0, 'Por favor ingresa un número válido'),
    description: z.string().trim().max(255).optional(),
  })
  .refine((b) => b.userId !== undefined || !!b.userEmail, { message: 'user_required', path: ['userId'] });
export type AdjustCoins = z.infer<typeof adjustCoinsSchema>;
export const adjustCoinsResultSchema = z.object({ message: z.string(), companyId: z.number().int(), balance: z.number().int() });

/** The company's payment channel (§4): CONCLUIDA renews, PENDING_REVIEW informs. */
export interface PaymentEvent {
  action: 'CONCLUIDA' | 'PENDING_REVIEW' | 'REJECTED';
  message: string;
  invoiceId: number;
  dueDate: string | null;
  /** What was paid: a period (the due date moves) or an upgrade (the plan changes, the due date stays). */
  kind: InvoiceKind;
}
export interface InvoiceReviewEvent {
  action: 'update';
  invoice: Invoice;
}
