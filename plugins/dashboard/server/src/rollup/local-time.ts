/** The day (`YYYY-MM-DD`) and hour (0–23) of an instant in an IANA time zone: the rollups' bucket. */
export function localDayHour(at: Date, timeZone: string): { day: string; hour: number } {
  const parts = formatter(timeZone).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  // hourCycle h23 still prints "24" at midnight in some ICU versions: fold it to 0.
  return { day: `${get('year')}-${get('month')}-${get('day')}`, hour: Number(get('hour')) % 24 };
}

/** Today's date in the time zone. */
export const localToday = (timeZone: string, now = new Date()) => localDayHour(now, timeZone).day;

/** `day` plus `n` days (calendar arithmetic, no time zone involved). */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' });
    formatters.set(timeZone, f);
  }
  return f;
}
