/**
 * Send lanes (issue 37 items 2–3): a connection's campaigns send through one lane — WhatsApp's limits are
 * per number — in their paced order, a batch at a time, one batch per lane in the whole cluster at once
 * (a per-connection advisory lock). Each pass of a process's sender takes every due lane once, companies
 * in turn, so a big campaign holds another company's small one back by one batch at most. Pure: the
 * sender (campaign.sender.ts) runs what this plans.
 */

/** A running campaign and the time of its next pending row (ms), as one query reads them. */
export interface RunningCampaign {
  campaignId: number;
  companyId: number;
  /** null: a campaign without a connection (its rows fail `no_connection`); lane 0. */
  whatsappId: number | null;
  first: number | null;
}

export interface Lane {
  companyId: number;
  whatsappId: number;
  campaignIds: number[];
  /** Rows this pass may take from the lane. */
  limit: number;
}

/** Rows a company may send per pass, shared among its due lanes (at least LANE_MIN each). */
export const PASS_ROWS = 200;
export const LANE_MIN = 20;

/**
 * The lanes due at `now`, ordered fairly: companies in turn (the order rotated by `turn` each pass, so
 * none is always first), one lane of each before the second of any; each lane's share of the company's
 * PASS_ROWS. `next`: when the earliest lane not yet due will be (null: none).
 */
export function planLanes(running: readonly RunningCampaign[], now: number, turn: number): { due: Lane[]; next: number | null } {
  const lanes = new Map<number, { companyId: number; whatsappId: number; campaignIds: number[]; first: number }>();
  let next: number | null = null;
  for (const r of running) {
    if (r.first === null) continue;
    const whatsappId = r.whatsappId ?? 0;
    // Lane 0 (no connection) is per company: nothing is sent there, its rows only fail.
    const key = whatsappId || -r.companyId;
    const lane = lanes.get(key) ?? { companyId: r.companyId, whatsappId, campaignIds: [], first: Infinity };
    lane.campaignIds.push(r.campaignId);
    lane.first = Math.min(lane.first, r.first);
    lanes.set(key, lane);
  }
  const byCompany = new Map<number, { companyId: number; whatsappId: number; campaignIds: number[] }[]>();
  for (const lane of lanes.values()) {
    if (lane.first > now) {
      next = next === null ? lane.first : Math.min(next, lane.first);
      continue;
    }
    const list = byCompany.get(lane.companyId) ?? [];
    list.push({ companyId: lane.companyId, whatsappId: lane.whatsappId, campaignIds: lane.campaignIds.sort((a, b) => a - b) });
    byCompany.set(lane.companyId, list);
  }
  const companies = [...byCompany.keys()].sort((a, b) => a - b);
  const shift = companies.length ? turn % companies.length : 0;
  const order = [...companies.slice(shift), ...companies.slice(0, shift)];
  const due: Lane[] = [];
  for (let round = 0; ; round++) {
    let any = false;
    for (const companyId of order) {
      const list = byCompany.get(companyId)!.sort((a, b) => a.whatsappId - b.whatsappId);
      const lane = list[round];
      if (!lane) continue;
      any = true;
      due.push({ ...lane, limit: Math.max(LANE_MIN, Math.floor(PASS_ROWS / list.length)) });
    }
    if (!any) break;
  }
  return { due, next };
}

/** Backoff of a recipient's next try after a failed one: 10 s, 20 s, 40 s… */
export const retryDelayMs = (attemptsBefore: number, baseMs = 10_000) => baseMs * 2 ** Math.max(0, attemptsBefore);
