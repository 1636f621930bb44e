/**
 * Send lanes (issue 37 items 2–3): a connection's campaigns send through one lane — WhatsApp's limits are
 * per number — in their paced order, a batch at a time, one batch per lane in the whole cluster at once
 * (a per-connection advisory lock). A process's sender gives the next batch to the company served least
 * recently, so a big campaign holds another company's small one back by one batch at most. Pure: the
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

/** A lane's key: its connection, or minus the company for a company's campaigns without one. */
export const laneKey = (lane: { companyId: number; whatsappId: number }) => lane.whatsappId || -lane.companyId;

/** When each company and lane last got a batch (any increasing counter); never: first. */
export interface Served {
  company: ReadonlyMap<number, number>;
  lane: ReadonlyMap<number, number>;
}

/**
 * The lanes due at `now`, ordered fairly: the company served least recently first, one lane of each
 * company before the second of any, a company's lanes least recently served first; each lane's share of
 * the company's PASS_ROWS. `next`: when the earliest lane not yet due will be (null: none).
 */
export function planLanes(running: readonly RunningCampaign[], now: number, served: Served = { company: new Map(), lane: new Map() }): { due: Lane[]; next: number | null } {
  const lanes = new Map<number, { companyId: number; whatsappId: number; campaignIds: number[]; first: number }>();
  let next: number | null = null;
  for (const r of running) {
    if (r.first === null) continue;
    const whatsappId = r.whatsappId ?? 0;
    // Lane 0 (no connection) is per company: nothing is sent there, its rows only fail.
    const key = laneKey({ companyId: r.companyId, whatsappId });
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
  const order = [...byCompany.keys()].sort((a, b) => (served.company.get(a) ?? -1) - (served.company.get(b) ?? -1) || a - b);
  for (const list of byCompany.values()) list.sort((a, b) => (served.lane.get(laneKey(a)) ?? -1) - (served.lane.get(laneKey(b)) ?? -1) || a.whatsappId - b.whatsappId);
  const due: Lane[] = [];
  for (let round = 0; ; round++) {
    let any = false;
    for (const companyId of order) {
      const list = byCompany.get(companyId)!;
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
