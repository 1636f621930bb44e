import type { Queue } from '@atende/core-contract';

/**
 * The fixed queue palette (core-operations §9). Mid-tone colours that read on light and dark
 * backgrounds alike, since the queue colour is drawn as tags and strips in both themes.
 */
export const QUEUE_PALETTE = [
  '#F44336',
  '#E91E63',
  '#9C27B0',
  '#673AB7',
  '#3F51B5',
  '#2196F3',
  '#03A9F4',
  '#00BCD4',
  '#009688',
  '#4CAF50',
  '#8BC34A',
  '#CDDC39',
  '#FFC107',
  '#FF9800',
  '#FF5722',
  '#795548',
  '#607D8B',
  '#B71C1C',
  '#1A237E',
  '#004D40',
] as const;

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The queue already using this colour, other than the one being edited (colours are unique per company, §5). */
export function colourOwner(colour: string, queues: readonly Queue[], editingId?: number): Queue | undefined {
  return queues.find((q) => q.id !== editingId && same(q.color, colour));
}

/** The first palette colour no other queue uses (the default of a new queue); undefined when all are taken. */
export function firstFreeColour(queues: readonly Queue[]): string | undefined {
  return QUEUE_PALETTE.find((c) => !colourOwner(c, queues));
}

/** Black or white, whichever reads better on this colour (the check mark on a swatch). */
export function inkOn(colour: string): '#000000' | '#ffffff' {
  const hex = colour.replace('#', '');
  const full = hex.length === 3 ? [...hex].map((h) => h + h).join('') : hex.slice(0, 6);
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16) / 255);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.6 ? '#000000' : '#ffffff';
}
