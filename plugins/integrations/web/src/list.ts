import type { Integration, QueueIntegrationEvent } from '@atende/plugin-integrations-contract';

/** Whether a record belongs in a list searched for `search` (name, type or id, as the server searches). */
export function matchesSearch(i: Integration, search: string): boolean {
  if (!search) return true;
  const s = search.toLowerCase();
  return i.name.toLowerCase().includes(s) || i.type.toLowerCase().includes(s) || String(i.id) === s;
}

/** A realtime event applied to the loaded list: replaced in place, a new one first, a deleted one gone. */
export function applyEvent(list: Integration[], e: QueueIntegrationEvent): Integration[] {
  if (e.action === 'delete') return list.filter((i) => i.id !== e.integrationId);
  const at = list.findIndex((i) => i.id === e.queueIntegration.id);
  if (at < 0) return [e.queueIntegration, ...list];
  const next = list.slice();
  next[at] = e.queueIntegration;
  return next;
}
