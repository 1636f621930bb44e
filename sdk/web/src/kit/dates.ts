/**
 * Due dates arrive either as a calendar date ('2025-01-10') or as an ISO instant. A calendar date, and
 * an instant at exactly midnight UTC (a date stored as a timestamp), mean that day wherever the browser
 * is; any other instant is taken as the local day it falls on. Without this a Lima browser (UTC−5)
 * would show '2025-01-10T00:00:00Z' as the 9th.
 */
export function parseDueDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (dateOnly) return new Date(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3]));
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return null;
  if (/T00:00(:00(\.0+)?)?(Z|[+-]00:?00)$/.test(value)) return new Date(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  return d;
}

const DAY = 86_400_000;
const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();

/** Calendar days from today to the due date: 0 = due today, negative = days past due; null without a date. */
export function daysUntil(value: string | null | undefined, now: Date = new Date()): number | null {
  const due = parseDueDate(value);
  if (!due) return null;
  // Math.round absorbs the hour a daylight-saving change adds or removes.
  return Math.round((startOfDay(due) - startOfDay(now)) / DAY);
}

/** One formatter per language: toLocaleDateString makes a new one on every call (a list formats many dates). */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** dd/mm/yyyy in the interface language's order. */
export function formatDate(value: string | null | undefined, lang: string): string {
  const d = parseDueDate(value);
  if (!d) return '—';
  let format = dateFormats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(lang, { day: '2-digit', month: '2-digit', year: 'numeric' });
    dateFormats.set(lang, format);
  }
  return format.format(d);
}

/** 'YYYY-MM-DD' of a local date, the form the API accepts for due dates. */
export function toDateParam(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

/**
 * 'YYYY-MM-DD' of an instant in the company's time zone (`user.company.timeZone`): the day the server counts a
 * date filter in, which a browser in another zone would get wrong around midnight. Local when no zone is known.
 */
export function dayIn(timeZone: string | undefined, at: Date = new Date()): string {
  if (!timeZone) return toDateParam(at);
  try {
    // en-CA prints YYYY-MM-DD.
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
  } catch {
    return toDateParam(at); // an unknown zone name
  }
}

/** The colour a due date shows with (see `dueColour`). */
export type DueColour = 'yellow' | 'orange' | 'red';

/** Company row colour by days to due date (commercial-admin §4): 5 yellow, −3…4 orange, −4 red, else none. */
export function dueColour(days: number | null): DueColour | null {
  if (days === null) return null;
  if (days === 5) return 'yellow';
  if (days >= -3 && days <= 4) return 'orange';
  if (days === -4) return 'red';
  return null;
}
