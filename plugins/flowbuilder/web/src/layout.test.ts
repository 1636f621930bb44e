import { describe, expect, it } from 'vitest';
import { START_ID, autoLayout, freeOutput, placeNear, styledEdge, type FlowEdge, type FlowNode } from './graph.js';

// Where new steps go and the auto-layout (issue 38 item 3).
const node = (id: string, type: string, x: number, y: number, data: Record<string, unknown> = {}): FlowNode => ({ id, type, position: { x, y }, data, measured: { width: 240, height: 100 } });
const edge = (source: string, target: string, sourceHandle: string | null = null): FlowEdge => styledEdge({ source, target, sourceHandle }, 'message', '#000');
const overlap = (a: FlowNode, b: FlowNode) =>
  a.position.x < b.position.x + 240 && a.position.x + 240 > b.position.x && a.position.y < b.position.y + 100 && a.position.y + 100 > b.position.y;

describe('new steps beside the selected one', () => {
  it('goes right of the anchor, level with it; never on top of another step', () => {
    const start = node(START_ID, 'start', 0, 100);
    expect(placeNear([start], start)).toEqual({ x: 320, y: 100 });
    const taken = node('m', 'message', 320, 100);
    const p = placeNear([start, taken], start);
    expect(p.x).toBe(320);
    expect(p.y).toBeGreaterThanOrEqual(100 + 100);
    // The second output of a condition hangs lower than the first.
    const cond = node('c', 'condition', 0, 0, { key: 'x', condition: '==', value: '1' });
    expect(placeNear([cond], cond, 1).y).toBeGreaterThan(placeNear([cond], cond, 0).y);
    // Without an anchor: right of the last node, as before.
    expect(placeNear([start, taken], undefined).x).toBeGreaterThan(320);
  });

  it('hangs from the first output no connector leaves yet', () => {
    const cond = node('c', 'condition', 0, 0, { key: 'x', condition: '==', value: '1' });
    expect(freeOutput(cond, [])).toEqual({ id: 'true', index: 0 });
    expect(freeOutput(cond, [edge('c', 'a', 'true')])).toEqual({ id: 'false', index: 1 });
    expect(freeOutput(cond, [edge('c', 'a', 'true'), edge('c', 'b', 'false')])).toBeUndefined();
    const msg = node('m', 'message', 0, 0);
    expect(freeOutput(msg, [])).toEqual({ id: null, index: 0 });
    expect(freeOutput(msg, [edge('m', 'x')])).toBeUndefined();
  });
});

describe('auto-layout on demand', () => {
  it('puts steps in columns by distance from the start, branches in output order, nothing overlapping; unreached steps last', () => {
    // Drawn in a heap: everything at the same spot.
    const nodes = [
      node(START_ID, 'start', 40, 60),
      node('q', 'question', 40, 60, { message: '¿?', answerKey: 'area' }),
      node('c', 'condition', 40, 60, { key: 'area', condition: '==', value: 'ventas' }),
      node('no', 'ticket', 40, 60, { queueId: 2 }),
      node('yes', 'ticket', 40, 60, { queueId: 1 }),
      node('lost', 'message', 40, 60, { label: 'x' }),
    ];
    const edges = [edge(START_ID, 'q'), edge('q', 'c'), edge('c', 'no', 'false'), edge('c', 'yes', 'true')];
    const out = autoLayout(nodes, edges);
    const at = Object.fromEntries(out.map((n) => [n.id, n.position]));
    expect(at[START_ID]).toEqual({ x: 40, y: 60 });
    expect(at.q.x).toBeGreaterThan(at[START_ID].x);
    expect(at.c.x).toBeGreaterThan(at.q.x);
    expect(at.yes.x).toBe(at.no.x);
    expect(at.yes.x).toBeGreaterThan(at.c.x);
    // 'true' is the condition's first output: its step is above the 'false' one.
    expect(at.yes.y).toBeLessThan(at.no.y);
    expect(at.lost.x).toBeGreaterThan(at.yes.x);
    for (const a of out) for (const b of out) if (a !== b) expect(overlap(a, b), `${a.id} over ${b.id}`).toBe(false);
    // Same nodes, same data: only positions move.
    expect(out.map((n) => [n.id, n.data])).toEqual(nodes.map((n) => [n.id, n.data]));
  });

  it('a loop back to an earlier step does not move that step to a later column', () => {
    const nodes = [node(START_ID, 'start', 0, 0), node('m', 'menu', 0, 0, { arrayOption: [{ number: 1, value: 'a' }] }), node('x', 'message', 0, 0)];
    const out = autoLayout(nodes, [edge(START_ID, 'm'), edge('m', 'x', 'a1'), edge('x', 'm')]);
    const at = Object.fromEntries(out.map((n) => [n.id, n.position.x]));
    expect(at[START_ID]).toBeLessThan(at.m);
    expect(at.m).toBeLessThan(at.x);
  });
});
