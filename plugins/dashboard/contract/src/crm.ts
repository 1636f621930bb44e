import { z } from 'zod';

/**
 * GET /crm/metrics and /crm/analytics (commercial-admin §7–§8): `dateFrom`, `dateTo` (the page appends
 * the end of the day, e.g. `2026-11-27 23:59:59`; only the date counts, in the company's time zone) and
 * `whatsappId` (one connection, or all when absent, empty or `all`). Without dates: the last 7 days.
 */
const date = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}([ T].*)?$/, 'invalid_date')
  .transform((s) => s.slice(0, 10));
export const crmQuerySchema = z
  .object({
    dateFrom: date.optional(),
    dateTo: date.optional(),
    whatsappId: z
      .union([z.literal(''), z.literal('all'), z.coerce.number().int().positive()])
      .optional()
      .transform((v) => (typeof v === 'number' ? v : undefined)),
  })
  .refine((q) => (q.dateFrom === undefined) === (q.dateTo === undefined), { message: 'from_and_to', path: ['dateTo'] });
export type CrmQuery = z.infer<typeof crmQuerySchema>;

/** Definitions of each figure: plugins/dashboard/README.md, "CRM metrics". */
export interface CrmMetrics {
  conversationMetrics: {
    conversationsStarted: number;
    conversationsCompleted: number;
    conversationsAbandoned: number;
    /** Seconds from a ticket's creation to an agent's first message (0 when none was measured). */
    averageResponseTime: number;
    totalMessages: number;
    conversationFunnel: { initiated: number; engaged: number; qualified: number; converted: number };
  };
  leadMetrics: { leadsCaptured: number; conversionRate: number; qualifiedLeads: number; hotLeads: number; newContacts: number };
  businessMetrics: { totalRevenue: number; averageTicket: number; totalTransactions: number; revenueGrowth: number };
}

export interface CrmAnalytics {
  /** The last 7 days of the period (fewer when it is shorter), oldest first. */
  dailyTrends: { date: string; tickets: number; completed: number; unique_contacts: number; total_messages: number }[];
  /** Connections by tickets opened in the period. */
  topPerformingChannels: { whatsappId: number; name: string; tickets: number; completed: number; messages: number }[];
  userEngagement: {
    activeUsers: number;
    averageTicketsPerUser: number;
    topUsers: { userId: number; name: string; tickets: number; completed: number }[];
  };
}

export interface CrmMetricsResponse {
  success: true;
  data: CrmMetrics;
}
export interface CrmAnalyticsResponse {
  success: true;
  analytics: CrmAnalytics;
}
