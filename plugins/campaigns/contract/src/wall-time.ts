// Campaign times are wall times of the company's time zone (`YYYY-MM-DD HH:mm:ss`): the server reads them in
// BUSINESS_TIMEZONE, the browser in the session's `company.timeZone`. Pure, no zod: the web imports them.

/** Wall-clock parts of an instant in a time zone. */
function partsIn(at: Date, timeZone: string): number[] {
  const f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
  const p = Object.fromEntries(f.formatToParts(at).map((x) => [x.type, Number(x.value)]));
  return [p.year, p.month, p.day, p.hour, p.minute, p.second];
}
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * `YYYY-MM-DD HH:mm:ss` in the company's time zone, as the form sends and shows it: the server's own zone
 * (UTC in a container) would move a campaign by hours.
 */
export const wallTime = (d: Date | null, timeZone: string): string | null => {
  if (!d) return null;
  const [y, mo, da, h, mi, se] = partsIn(d, timeZone);
  return `${y}-${pad(mo)}-${pad(da)} ${pad(h)}:${pad(mi)}:${pad(se)}`;
};

/** The instant a company wall time names (the later one when a clock change repeats it, the next when it skips it). */
export const fromWallTime = (s: string | null, timeZone: string): Date | null => {
  if (!s) return null;
  const [y, mo, da, h, mi, se = 0] = s.split(/[-: T]/).map(Number);
  const asUtc = Date.UTC(y, mo - 1, da, h, mi, se);
  // The zone's offset at that moment: read it back, then once more in case the first guess crossed a change.
  const offsetAt = (t: number) => {
    const [py, pmo, pda, ph, pmi, pse] = partsIn(new Date(t), timeZone);
    return Date.UTC(py, pmo - 1, pda, ph, pmi, pse) - t;
  };
  let t = asUtc - offsetAt(asUtc);
  const second = offsetAt(t);
  if (asUtc - second !== t) t = asUtc - second;
  return new Date(t);
};
