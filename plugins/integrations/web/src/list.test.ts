import { describe, expect, it } from 'vitest';
import type { Integration } from '@atende/plugin-integrations-contract';
import { applyEvent, matchesSearch } from './list.js';

const rec = (id: number, name: string, type = 'n8n') => ({ id, name, type }) as Integration;

describe('integrations list', () => {
  it('applies create, update and delete events', () => {
    const l = [rec(2, 'B'), rec(1, 'A')];
    expect(applyEvent(l, { action: 'create', queueIntegration: rec(3, 'C') }).map((i) => i.id)).toEqual([3, 2, 1]);
    expect(applyEvent(l, { action: 'update', queueIntegration: rec(1, 'A2') }).map((i) => i.name)).toEqual(['B', 'A2']);
    expect(applyEvent(l, { action: 'delete', integrationId: 2 }).map((i) => i.id)).toEqual([1]);
  });
  it('matches the search as the server does: name, type or id', () => {
    expect(matchesSearch(rec(7, 'Bot Ventas', 'typebot'), 'ventas')).toBe(true);
    expect(matchesSearch(rec(7, 'Bot Ventas', 'typebot'), 'typeb')).toBe(true);
    expect(matchesSearch(rec(7, 'Bot Ventas', 'typebot'), '7')).toBe(true);
    expect(matchesSearch(rec(7, 'Bot Ventas', 'typebot'), 'shop')).toBe(false);
  });
});
