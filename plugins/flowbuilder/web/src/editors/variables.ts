/**
 * The question steps' answer keys, kept in browser storage under `variables` (automation-productivity §3
 * "Local browser storage"), offered as {{name}} tokens while editing texts.
 */
const KEY = 'variables';

export function storedVariables(): string[] {
  try {
    const v: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

export function rememberVariable(name: string): void {
  if (!name) return;
  const list = storedVariables();
  if (list.includes(name)) return;
  try {
    localStorage.setItem(KEY, JSON.stringify([...list, name]));
  } catch {
    /* no storage: the hint just stays shorter */
  }
}
