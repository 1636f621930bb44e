/** The first-run checklist's steps, in the order a new company goes through them (issue 36 item 1). */
export const CHECKLIST_STEPS = ['connection', 'queue', 'agent', 'message'] as const;
export type ChecklistStep = (typeof CHECKLIST_STEPS)[number];

/** What the company has, read from the API: every step ticks itself off from real data, never from clicks. */
export interface CompanyFacts {
  connectedConnections: number;
  queues: number;
  users: number;
  tickets: number;
}

export function doneSteps(f: CompanyFacts): Record<ChecklistStep, boolean> {
  return {
    connection: f.connectedConnections > 0,
    queue: f.queues > 0,
    // The admin who signed up is the first user: one more means an agent was invited.
    agent: f.users > 1,
    // A ticket exists once a customer (or the simulator) wrote, or an agent started a conversation.
    message: f.tickets > 0,
  };
}

/** Dismissal is kept per company and user in this browser. */
export const dismissKey = (companyId: number, userId: number) => `atende.checklist.dismissed.${companyId}.${userId}`;
