import { describe, expect, it } from 'vitest';
import { GRID, START_ID, START_LABEL, addNode, duplicateNode, fingerprint, fromPayload, keyOptions, nextPosition, outputsOf, randomId, rewire, settleOptions, styledEdge, toPayload, type FlowEdge, type FlowNode, type KeyedOption } from './graph.js';

const stroke = (type: string | undefined) => `color-of-${type}`;
const node = (id: string, type: string, x: number, y: number, data: Record<string, unknown> = {}): FlowNode => ({ id, type, position: { x, y }, data });

describe('graph ↔ saved flow', () => {
  it('a flow without nodes gets the start node, id 1, labelled Inicio del flujo and not deletable', () => {
    const { nodes, edges } = fromPayload({ nodes: [], connections: [] }, stroke);
    expect(nodes).toHaveLength(1);
    expect(nodes[0]).toMatchObject({ id: '1', type: 'start', data: { label: 'Inicio del flujo' }, deletable: false });
    expect(edges).toEqual([]);
    expect(fromPayload(null, stroke).nodes.map((n) => n.id)).toEqual(['1']);
  });

  it('loads nodes with the start first and connectors coloured by their source type, dropping connectors to unknown nodes', () => {
    const { nodes, edges } = fromPayload(
      {
        nodes: [node('abc', 'message', 300, 100, { label: 'Hola' }), { id: '1', type: 'start', position: { x: 0, y: 100 }, data: { label: 'otro' } }, { type: 'message' }],
        connections: [
          { id: 'e1', source: '1', target: 'abc' },
          { id: 'e2', source: 'abc', target: 'gone' },
        ],
      },
      stroke,
    );
    expect(nodes.map((n) => n.id)).toEqual(['1', 'abc']);
    expect(nodes[0].data.label).toBe(START_LABEL);
    expect(edges).toHaveLength(1);
    expect(edges[0]).toMatchObject({ id: 'e1', source: '1', target: 'abc', type: 'smoothstep', style: { stroke: 'color-of-start' } });
  });

  it('saves id, type, position and data only, start node first, with handles and colours of connectors', () => {
    const canvas: FlowNode[] = [
      { ...node('m1', 'menu', 320.4, 99.6, { message: '¿Qué deseas?', arrayOption: [{ number: 1, value: 'Ventas' }], includeOptions: true }), selected: true, width: 200, height: 80, measured: { width: 200, height: 80 }, dragging: false },
      { ...node(START_ID, 'start', 0, 100, { label: START_LABEL }), selected: true, measured: { width: 100, height: 40 } },
    ];
    const edges: FlowEdge[] = [styledEdge({ source: '1', target: 'm1' }, 'start', '#52c41a'), styledEdge({ source: 'm1', target: 'x', sourceHandle: 'a1' }, 'menu', '#722ed1')];
    const payload = toPayload(7, canvas, edges);
    expect(payload.idFlow).toBe(7);
    expect(payload.nodes).toEqual([
      { id: '1', type: 'start', position: { x: 0, y: 100 }, data: { label: 'Inicio del flujo' } },
      { id: 'm1', type: 'menu', position: { x: 320, y: 100 }, data: { message: '¿Qué deseas?', arrayOption: [{ number: 1, value: 'Ventas' }], includeOptions: true } },
    ]);
    // The connector to a node that is not in the flow is not saved.
    expect(payload.connections).toEqual([{ id: edges[0].id, source: '1', target: 'm1', sourceHandle: null, targetHandle: null, type: 'smoothstep', style: { stroke: '#52c41a' }, animated: false }]);
  });

  it('round-trips: saved → canvas → saved gives the same flow', () => {
    const saved = {
      idFlow: 3,
      nodes: [
        { id: '1', type: 'start', position: { x: 0, y: 0 }, data: { label: START_LABEL } },
        { id: 'q', type: 'question', position: { x: 300, y: 0 }, data: { message: '¿Nombre?', answerKey: 'nombre' } },
        { id: 'r', type: 'randomizer', position: { x: 600, y: 0 }, data: { percent: 30 } },
      ],
      connections: [
        { id: 'c1', source: '1', target: 'q', sourceHandle: null, targetHandle: null, type: 'smoothstep', style: { stroke: 'color-of-start' }, animated: false },
        { id: 'c2', source: 'q', target: 'r', sourceHandle: null, targetHandle: null, type: 'smoothstep', style: { stroke: 'color-of-question' }, animated: false },
      ],
    };
    const { nodes, edges } = fromPayload(saved, stroke);
    expect(toPayload(3, nodes, edges)).toEqual(saved);
  });

  it('fingerprint changes with the flow, not with selection or size', () => {
    const a = [node('1', 'start', 0, 0, { label: START_LABEL }), node('x', 'message', 300, 0, { label: 'a' })];
    const base = fingerprint(a, []);
    expect(fingerprint(a.map((n) => ({ ...n, selected: true, measured: { width: 1, height: 1 } })), [])).toBe(base);
    expect(fingerprint([a[0], { ...a[1], data: { label: 'b' } }], [])).not.toBe(base);
    expect(fingerprint([a[0], { ...a[1], position: { x: 320, y: 0 } }], [])).not.toBe(base);
    expect(fingerprint(a, [styledEdge({ source: '1', target: 'x' }, 'start', 'c')])).not.toBe(base);
  });
});

describe('adding, duplicating, outputs', () => {
  it('node ids are 30 random alphanumeric characters', () => {
    const ids = new Set(Array.from({ length: 50 }, () => randomId()));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{30}$/);
  });

  it('a new node goes right of the last one, on the grid', () => {
    const nodes = [node('1', 'start', 0, 100), node('a', 'message', 313, 207)];
    const { nodes: next, id } = addNode(nodes, 'menu', { message: 'x' });
    const added = next.find((n) => n.id === id)!;
    expect(added.position).toEqual(nextPosition(nodes));
    expect(added.position.x % GRID).toBe(0);
    expect(added.position.y % GRID).toBe(0);
    expect(added.position.x).toBeGreaterThan(313);
  });

  it('adding Inicio again replaces the start node (one start, first, same place)', () => {
    const nodes = [node('a', 'message', 300, 0), node('1', 'start', 40, 60, { label: 'x' })];
    const { nodes: next } = addNode(nodes, 'start', {});
    expect(next.filter((n) => n.type === 'start')).toHaveLength(1);
    expect(next[0]).toMatchObject({ id: '1', position: { x: 40, y: 60 }, data: { label: START_LABEL } });
    expect(next).toHaveLength(2);
  });

  it('a duplicate gets a new id, a copy of the data and goes right of the rightmost node; the start is never copied', () => {
    const nodes = [node('1', 'start', 0, 0), node('a', 'menu', 300, 80, { arrayOption: [{ number: 1, value: 'x' }] }), node('b', 'message', 900, 0)];
    const { nodes: next, id } = duplicateNode(nodes, 'a');
    const copy = next.find((n) => n.id === id)!;
    expect(copy.id).not.toBe('a');
    expect(copy.data).toEqual(nodes[1].data);
    expect(copy.data).not.toBe(nodes[1].data);
    expect(copy.position.x).toBeGreaterThan(900);
    expect(copy.position.y).toBe(80);
    expect(duplicateNode(nodes, '1')).toEqual({ nodes, id: null });
  });

  it('output handles follow the contract: a<n> per menu option, true/false, a/b, success/error, answer', () => {
    expect(outputsOf('menu', { arrayOption: [{ number: 1, value: 'A' }, { number: 2, value: 'B' }] }).map((o) => o.id)).toEqual(['a1', 'a2']);
    expect(outputsOf('condition', {}).map((o) => o.id)).toEqual(['true', 'false']);
    expect(outputsOf('randomizer', { percent: 30 })).toEqual([
      { id: 'a', label: '30%' },
      { id: 'b', label: '70%' },
    ]);
    expect(outputsOf('googlesheets', {}).map((o) => o.id)).toEqual(['success', 'error']);
    expect(outputsOf('followUp', {}).map((o) => o.id)).toEqual([null, 'answer']);
    expect(outputsOf('message', {}).map((o) => o.id)).toEqual([null]);
  });
});

describe('editing a menu keeps its connectors on the right options', () => {
  const edge = (handle: string | null, target: string): FlowEdge => styledEdge({ id: `e-${handle}`, source: 'm', target, sourceHandle: handle }, 'menu', 'c');
  const before = { message: 'x', arrayOption: [{ number: 1, value: 'Ventas' }, { number: 2, value: 'Soporte' }, { number: 3, value: 'Otros' }] };

  it('removing option 2 drops its connector and moves option 3’s to a2', () => {
    const draft = keyOptions(before) as { arrayOption: KeyedOption[] };
    // The editor removes the middle option and renumbers.
    const edited = { ...draft, arrayOption: [draft.arrayOption[0], { ...draft.arrayOption[2], number: 2 }] };
    const { data, handles } = settleOptions(edited, before);
    expect(data.arrayOption).toEqual([{ number: 1, value: 'Ventas' }, { number: 2, value: 'Otros' }]);
    expect(handles).toEqual({ a1: 'a1', a2: null, a3: 'a2' });
    const edges = [edge('a1', 'v'), edge('a2', 's'), edge('a3', 'o'), styledEdge({ source: '1', target: 'm' }, 'start', 'c')];
    const next = rewire(edges, 'm', handles, outputsOf('menu', data).map((o) => o.id));
    expect(next.filter((e) => e.source === 'm').map((e) => [e.sourceHandle, e.target])).toEqual([
      ['a1', 'v'],
      ['a2', 'o'],
    ]);
    expect(next.some((e) => e.source === '1')).toBe(true);
  });

  it('a new option has no connector, and a node without options keeps its single output', () => {
    const draft = keyOptions(before) as { arrayOption: KeyedOption[] };
    const { handles } = settleOptions({ ...draft, arrayOption: [...draft.arrayOption, { number: 4, value: 'Nuevo', _key: 'zz' }] }, before);
    expect(handles).toEqual({ a1: 'a1', a2: 'a2', a3: 'a3' });
    const single = [styledEdge({ source: 'x', target: 'y' }, 'message', 'c')];
    expect(rewire(single, 'x', {}, [null])).toEqual(single);
    expect(rewire(single, 'x', {}, ['true', 'false'])).toEqual([]);
  });
});
