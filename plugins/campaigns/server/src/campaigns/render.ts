import type { CampaignSettings } from '@atende/plugin-campaigns-contract';

/** Indexes (0–4) of the non-empty message variants. */
export function variantsOf(messages: readonly (string | null)[]): number[] {
  return messages.flatMap((m, i) => (m && m.trim() ? [i] : []));
}

/** One of the non-empty variants at random (a campaign with only media has none: -1). */
export function pickVariant(available: readonly number[], random: () => number = Math.random): number {
  if (!available.length) return -1;
  return available[Math.min(available.length - 1, Math.floor(random() * available.length))]!;
}

/**
 * The text for one contact: `{name}`, `{number}` and the settings' variables `{key}` replaced (a key of
 * the settings never overrides name or number); unknown `{…}` stay as written.
 */
export function render(text: string, contact: { name: string; number: string; email?: string }, variables: readonly { key: string; value: string }[]): string {
  const values = new Map<string, string>();
  for (const v of variables) if (!values.has(v.key)) values.set(v.key, v.value);
  values.set('name', contact.name);
  values.set('number', contact.number);
  if (contact.email !== undefined && !variables.some((v) => v.key === 'email')) values.set('email', contact.email);
  return text.replace(/\{([^{}\s]+)\}/g, (whole, key: string) => values.get(key) ?? whole);
}

/** Share of an interval a gap may stray either way (±5 %), so the rhythm is not machine-exact while its mean stays the interval. */
export const PACING_JITTER = 0.1;

/**
 * The pacing rule, in milliseconds: each message `interval` after the previous one, `greater` instead
 * after every `every`-th (0 = never; the greater of the two is used, a "greater" shorter than the
 * interval does not speed up), each gap multiplied by 1 ± PACING_JITTER/2. The engine applies it in SQL
 * to every pending row at once (campaign.engine.ts `arm`); `gapMs` is the same rule for one gap.
 */
export function pacingOf(settings: Pick<CampaignSettings, 'messageInterval' | 'longerIntervalAfter' | 'greaterInterval'>) {
  return {
    interval: settings.messageInterval * 1000,
    greater: Math.max(settings.greaterInterval, settings.messageInterval) * 1000,
    every: settings.longerIntervalAfter,
    jitter: PACING_JITTER,
  };
}

/** The gap before the `index`-th message of a connection's run (0-based; the first has none), `random` in [0, 1). */
export function gapMs(index: number, settings: Pick<CampaignSettings, 'messageInterval' | 'longerIntervalAfter' | 'greaterInterval'>, random: () => number = Math.random): number {
  if (index <= 0) return 0;
  const p = pacingOf(settings);
  const base = p.every > 0 && index % p.every === 0 ? p.greater : p.interval;
  return Math.round(base * (1 + (random() - 0.5) * p.jitter));
}
