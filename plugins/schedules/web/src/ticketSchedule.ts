import { useSyncExternalStore } from 'react';

/**
 * Which ticket's contact the schedule modal is open for. The options menu's entry sets it and closes
 * the menu; the modal lives in a widget of the ticket header (always mounted), so closing the menu
 * does not take the modal with it.
 */
type Target = { ticketId: number; contact: { id: number; name: string } } | null;

let target: Target = null;
const listeners = new Set<() => void>();

export function openFor(next: Target): void {
  target = next;
  for (const l of listeners) l();
}

export function useTarget(): Target {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => target,
  );
}
