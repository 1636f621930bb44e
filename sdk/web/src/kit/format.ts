/**
 * Plan prices are in soles, shown Peruvian style (commercial-admin §9: locale es-PE). Made on first use: the
 * first Intl formatter of a page loads its locale data (~10 ms of a first view here, at module load).
 */
let price: Intl.NumberFormat | undefined;

/** A price with two decimals, as the screens show it. */
export function formatPrice(value: number): string {
  price ??= new Intl.NumberFormat('es-PE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return price.format(value);
}

/** Digits only: phones and reset codes are typed into masked inputs. */
export function digitsOnly(value: unknown, max: number): string {
  return String(value ?? '')
    .replace(/\D/g, '')
    .slice(0, max);
}

/** HH:MM mask for working hours: '0830' → '08:30'. */
export function maskTime(value: string): string {
  const d = value.replace(/\D/g, '').slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)}:${d.slice(2)}` : d;
}

/** A 24-hour `HH:mm` time. */
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
