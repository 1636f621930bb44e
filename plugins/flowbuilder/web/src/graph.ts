import type { NodeType } from '@atende/plugin-flowbuilder-contract';
import { HANDLES, NODE_TYPES, START_NODE_ID, START_NODE_LABEL, menuHandle } from '@atende/plugin-flowbuilder-contract';
import type { Edge, Node } from '@xyflow/react';

/**
 * The canvas's graph and the saved flow (automation-productivity §3/§4): pure functions, no React,
 * so the unit tests cover the conversion both ways.
 */


export { NODE_TYPES, type NodeType };

/** The start node: always there, id '1', labelled 'Inicio del flujo' (§4). */
export const START_ID = START_NODE_ID;
export const START_LABEL = START_NODE_LABEL;
/** Grid and zoom (§9). */
export const GRID = 20;
export const MIN_ZOOM = 0.1;
export const MAX_ZOOM = 4;
/** Horizontal gap between a node and the next one placed to its right. */
export const NEXT_GAP = 300;

export type NodeData = Record<string, unknown>;
export type FlowNode = Node<NodeData, string>;
export type FlowEdge = Edge;

/** A node as saved: id, position, type and data only. */
export interface SavedNode {
  id: string;
  type: string;
  position: { x: number; y: number };
  data: NodeData;
}
/** A connector as saved (edges with source and target, §3). */
export interface SavedConnection {
  id: string;
  source: string;
  target: string;
  sourceHandle?: string | null;
  targetHandle?: string | null;
  type?: string;
  style?: { stroke?: string };
  animated?: boolean;
}
export interface FlowPayload {
  idFlow: number;
  nodes: SavedNode[];
  connections: SavedConnection[];
}

/** The colour of a node type: a name of antd's preset palette, read from the theme's tokens when drawn. */
export const TYPE_COLOR: Record<NodeType, string> = {
  start: 'green',
  message: 'blue',
  menu: 'purple',
  interval: 'orange',
  img: 'cyan',
  audio: 'geekblue',
  video: 'magenta',
  pdf: 'red',
  randomizer: 'gold',
  singleBlock: 'blue',
  ticket: 'volcano',
  tags: 'lime',
  typebot: 'geekblue',
  openai: 'cyan',
  question: 'pink',
  notification: 'red',
  condition: 'gold',
  googlesheets: 'green',
  followUp: 'orange',
  fileList: 'purple',
};
export const colorOf = (type: string | undefined) => TYPE_COLOR[(type ?? 'message') as NodeType] ?? 'blue';

const ALPHANUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** A node id: 30 random alphanumeric characters (§3). */
export function randomId(length = 30): string {
  const bytes = new Uint8Array(length);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => ALPHANUM[b % ALPHANUM.length]).join('');
}

export const snap = (v: number) => Math.round(v / GRID) * GRID;

export function startNode(position = { x: 250, y: 100 }): FlowNode {
  return { id: START_ID, type: 'start', position, data: { label: START_LABEL }, deletable: false };
}

/** Where a new node goes: right of the last node (§4), on the grid. */
export function nextPosition(nodes: FlowNode[]): { x: number; y: number } {
  const last = nodes[nodes.length - 1];
  if (!last) return { x: 250, y: 100 };
  return { x: snap(last.position.x + NEXT_GAP), y: snap(last.position.y) };
}

/** Where a copy goes: right of the rightmost node (§2). */
export function rightmostPosition(nodes: FlowNode[], y: number): { x: number; y: number } {
  const right = nodes.reduce((max, n) => Math.max(max, n.position.x), -Infinity);
  return { x: snap((Number.isFinite(right) ? right : 0) + NEXT_GAP), y: snap(y) };
}

/** Adds a node of a type right of the last one; adding Inicio again replaces the start node (§4). */
export function addNode(nodes: FlowNode[], type: NodeType, data: NodeData): { nodes: FlowNode[]; id: string } {
  if (type === 'start') {
    const old = nodes.find((n) => n.id === START_ID);
    const start = startNode(old?.position ?? nextPosition(nodes));
    return { nodes: [start, ...nodes.filter((n) => n.id !== START_ID)], id: START_ID };
  }
  const id = randomId();
  return { nodes: [...nodes, { id, type, position: nextPosition(nodes), data }], id };
}

export function duplicateNode(nodes: FlowNode[], id: string): { nodes: FlowNode[]; id: string | null } {
  const source = nodes.find((n) => n.id === id);
  if (!source || source.id === START_ID) return { nodes, id: null };
  const copy: FlowNode = {
    id: randomId(),
    type: source.type,
    position: rightmostPosition(nodes, source.position.y),
    data: structuredClone(source.data),
  };
  return { nodes: [...nodes, copy], id: copy.id };
}

/** A connector takes its source node type's colour and is a smooth-step line (§4). */
export function styledEdge(edge: Pick<FlowEdge, 'source' | 'target'> & Partial<FlowEdge>, sourceType: string | undefined, stroke: string): FlowEdge {
  return {
    ...edge,
    id: edge.id ?? `reactflow__edge-${edge.source}${edge.sourceHandle ?? ''}-${edge.target}${edge.targetHandle ?? ''}`,
    type: 'smoothstep',
    animated: false,
    data: { ...(edge.data ?? {}), sourceType: sourceType ?? 'message' },
    style: { ...(edge.style ?? {}), stroke, strokeWidth: 2 },
  };
}

/** The saved flow → the canvas: nodes as drawn, the start node always there (and never deletable). */
export function fromPayload(flow: { nodes?: unknown; connections?: unknown } | null | undefined, strokeOf: (type: string | undefined) => string): { nodes: FlowNode[]; edges: FlowEdge[] } {
  const raw = Array.isArray(flow?.nodes) ? (flow.nodes as Partial<SavedNode>[]) : [];
  const nodes: FlowNode[] = raw
    .filter((n): n is SavedNode => typeof n?.id === 'string' && typeof n.type === 'string')
    .map((n) => ({
      id: n.id,
      type: n.type,
      position: { x: Number(n.position?.x) || 0, y: Number(n.position?.y) || 0 },
      data: n.id === START_ID ? { ...(n.data ?? {}), label: START_LABEL } : (n.data ?? {}),
      ...(n.id === START_ID ? { deletable: false } : {}),
    }));
  const withStart = nodes.some((n) => n.id === START_ID) ? [nodes.find((n) => n.id === START_ID)!, ...nodes.filter((n) => n.id !== START_ID)] : [startNode(), ...nodes];
  const ids = new Set(withStart.map((n) => n.id));
  const typeOf = new Map(withStart.map((n) => [n.id, n.type]));
  const rawEdges = Array.isArray(flow?.connections) ? (flow.connections as Partial<SavedConnection>[]) : [];
  const edges = rawEdges
    .filter((e): e is SavedConnection => typeof e?.source === 'string' && typeof e.target === 'string' && ids.has(e.source) && ids.has(e.target))
    .map((e) =>
      styledEdge(
        { id: e.id, source: e.source, target: e.target, sourceHandle: e.sourceHandle ?? null, targetHandle: e.targetHandle ?? null },
        typeOf.get(e.source),
        strokeOf(typeOf.get(e.source)),
      ),
    );
  return { nodes: withStart, edges };
}

/**
 * The canvas → the saved flow: only id, type, position and data of each node (selection, size and
 * drag state are the canvas's, not the flow's), the start node first (§4); connectors whose ends are
 * both in the flow, with their handles and colour.
 */
export function toPayload(idFlow: number, nodes: FlowNode[], edges: FlowEdge[]): FlowPayload {
  const clean = (n: FlowNode): SavedNode => ({
    id: n.id,
    type: n.type ?? 'message',
    position: { x: Math.round(n.position.x), y: Math.round(n.position.y) },
    data: n.id === START_ID ? { ...n.data, label: START_LABEL } : n.data,
  });
  const start = nodes.find((n) => n.id === START_ID);
  const ordered = [start ? clean(start) : clean(startNode()), ...nodes.filter((n) => n.id !== START_ID).map(clean)];
  const ids = new Set(ordered.map((n) => n.id));
  const connections = edges
    .filter((e) => ids.has(e.source) && ids.has(e.target))
    .map((e) => ({
      id: e.id,
      source: e.source,
      target: e.target,
      sourceHandle: e.sourceHandle ?? null,
      targetHandle: e.targetHandle ?? null,
      type: 'smoothstep',
      ...(typeof e.style?.stroke === 'string' ? { style: { stroke: e.style.stroke } } : {}),
      animated: false,
    }));
  return { idFlow, nodes: ordered, connections };
}

/** Whether the canvas differs from what was last saved or loaded (the unsaved-changes guard). */
export function fingerprint(nodes: FlowNode[], edges: FlowEdge[]): string {
  const p = toPayload(0, nodes, edges);
  return JSON.stringify({ n: p.nodes, c: p.connections.map((c) => [c.source, c.sourceHandle, c.target, c.targetHandle]) });
}

/** The output handles of a node (the contract's HANDLES); `null` is the single output of the other nodes. */
export function outputsOf(type: string | undefined, data: NodeData): { id: string | null; label?: string }[] {
  const options = (Array.isArray(data.arrayOption) ? data.arrayOption : []) as { number?: number; value?: string }[];
  const optionHandles = () => options.map((o, i) => ({ id: menuHandle(o.number ?? i + 1), label: `${o.number ?? i + 1}. ${o.value ?? ''}` }));
  switch (type) {
    case 'menu':
      return optionHandles();
    case 'openai':
      // Options the assistant may route by; the default output when none applies.
      return [...optionHandles(), { id: null }];
    case 'condition':
      return [
        { id: HANDLES.conditionTrue, label: 'true' },
        { id: HANDLES.conditionFalse, label: 'false' },
      ];
    case 'randomizer': {
      const p = Number(data.percent ?? 50);
      return [
        { id: HANDLES.randomizerA, label: `${p}%` },
        { id: HANDLES.randomizerB, label: `${100 - p}%` },
      ];
    }
    case 'googlesheets':
      return [
        { id: HANDLES.sheetsSuccess, label: 'success' },
        { id: HANDLES.sheetsError, label: 'error' },
      ];
    case 'followUp':
      return [{ id: null }, { id: HANDLES.followUpAnswer, label: 'answer' }];
    default:
      return [{ id: null }];
  }
}

/** A menu/OpenAI option while its step is edited: `_key` follows it when options are removed and renumbered. */
export interface KeyedOption {
  number: number;
  value: string;
  _key?: string;
}

/** Tags each saved option with its number (`o<number>`), so the editor can tell where it went. */
export function keyOptions(data: NodeData): NodeData {
  if (!Array.isArray(data.arrayOption)) return data;
  return { ...data, arrayOption: (data.arrayOption as KeyedOption[]).map((o) => ({ ...o, _key: `o${o.number}` })) };
}

/**
 * The edited options without their keys, and where each saved option's output handle went: `a<old>` →
 * `a<new>` (renumbered) or null (removed). Options added in the editor have keys of their own.
 */
export function settleOptions(data: NodeData, before?: NodeData): { data: NodeData; handles: Record<string, string | null> } {
  if (!Array.isArray(data.arrayOption)) return { data, handles: {} };
  const options = data.arrayOption as KeyedOption[];
  const kept = new Map<number, number>();
  for (const o of options) if (o._key && /^o\d+$/.test(o._key)) kept.set(Number(o._key.slice(1)), o.number);
  const handles: Record<string, string | null> = {};
  const old = Array.isArray(before?.arrayOption) ? (before.arrayOption as KeyedOption[]).map((o) => o.number) : [];
  for (const n of old) handles[menuHandle(n)] = kept.has(n) ? menuHandle(kept.get(n)!) : null;
  return { data: { ...data, arrayOption: options.map(({ _key: _k, ...o }) => o) }, handles };
}

/**
 * The connectors of a node after its step was edited: those leaving a renumbered option follow it, those
 * leaving an output the node no longer has (a removed option) go.
 */
export function rewire(edges: FlowEdge[], nodeId: string, handles: Record<string, string | null>, outputs: (string | null)[]): FlowEdge[] {
  const valid = new Set(outputs);
  return edges.flatMap((e) => {
    if (e.source !== nodeId) return [e];
    const from = e.sourceHandle ?? null;
    if (from !== null && from in handles) {
      const to = handles[from];
      // A removed option's connector goes; a renumbered one's follows it.
      if (to === null || !valid.has(to)) return [];
      return [to === from ? e : { ...e, sourceHandle: to, id: `${e.id}-${to}` }];
    }
    return valid.has(from) ? [e] : [];
  });
}

/** A node's box on the canvas: its measured size once drawn, else a card's usual size. */
const SIZE = { width: 260, height: 120 };
/** Vertical gap between stacked steps. */
export const ROW_GAP = 40;
const boxOf = (n: FlowNode) => ({ x: n.position.x, y: n.position.y, width: n.measured?.width ?? n.width ?? SIZE.width, height: n.measured?.height ?? n.height ?? SIZE.height });

/** The first output of a node no connector leaves yet (null: the single output), or undefined when all are used. */
export function freeOutput(node: FlowNode, edges: FlowEdge[]): { id: string | null; index: number } | undefined {
  const used = new Set(edges.filter((e) => e.source === node.id).map((e) => e.sourceHandle ?? null));
  const outputs = outputsOf(node.type, node.data);
  const index = outputs.findIndex((o) => !used.has(o.id));
  return index < 0 ? undefined : { id: outputs[index]!.id, index };
}

/**
 * Where a new step goes (issue 38 item 3): right of the anchor (the selected step), level with the output
 * it will hang from, moved down until it covers no other step; without an anchor, right of the last node.
 */
export function placeNear(nodes: FlowNode[], anchor: FlowNode | undefined, outputIndex = 0): { x: number; y: number } {
  const base = anchor ? boxOf(anchor) : undefined;
  const x = base ? snap(base.x + Math.max(NEXT_GAP, base.width + 80)) : nextPosition(nodes).x;
  let y = base ? snap(base.y + outputIndex * (SIZE.height + ROW_GAP)) : nextPosition(nodes).y;
  const overlaps = (px: number, py: number) =>
    nodes.some((n) => {
      const b = boxOf(n);
      return px < b.x + b.width + 40 && px + SIZE.width + 40 > b.x && py < b.y + b.height + ROW_GAP && py + SIZE.height + ROW_GAP > b.y;
    });
  for (let tries = 0; tries < 200 && overlaps(x, y); tries++) y = snap(y + GRID * 4);
  return { x, y };
}

/**
 * Auto-layout on demand (issue 38 item 3): steps in columns by their distance from the start (breadth
 * first along the connectors), each column stacked in the order of the outputs they hang from, so
 * connectors run left to right between columns instead of under other steps. Steps the start does not
 * reach go in a last column. Answers new positions only (same nodes, same ids).
 */
export function autoLayout(nodes: FlowNode[], edges: FlowEdge[]): FlowNode[] {
  if (!nodes.length) return nodes;
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const outputOrder = (e: FlowEdge) => {
    const source = byId.get(e.source);
    const i = source ? outputsOf(source.type, source.data).findIndex((o) => o.id === (e.sourceHandle ?? null)) : 0;
    return i < 0 ? 0 : i;
  };
  const depth = new Map<string, number>();
  /** Sort key within a column: the parent's row, then which of its outputs. */
  const key = new Map<string, [number, number]>();
  const columns: string[][] = [];
  const root = byId.has(START_ID) ? START_ID : nodes[0]!.id;
  depth.set(root, 0);
  key.set(root, [0, 0]);
  let frontier = [root];
  while (frontier.length) {
    const d = depth.get(frontier[0]!)!;
    frontier.sort((a, b) => key.get(a)![0] - key.get(b)![0] || key.get(a)![1] - key.get(b)![1]);
    columns[d] = frontier;
    const next: string[] = [];
    frontier.forEach((id, row) => {
      const leaving = edges.filter((e) => e.source === id && byId.has(e.target)).sort((a, b) => outputOrder(a) - outputOrder(b));
      for (const e of leaving) {
        if (depth.has(e.target)) continue;
        depth.set(e.target, d + 1);
        key.set(e.target, [row, outputOrder(e)]);
        next.push(e.target);
      }
    });
    frontier = next;
  }
  const unreached = nodes.filter((n) => !depth.has(n.id)).map((n) => n.id);
  if (unreached.length) columns.push(unreached);
  const origin = byId.get(root)!.position;
  const placed = new Map<string, { x: number; y: number }>();
  let x = snap(origin.x);
  for (const column of columns) {
    let y = snap(origin.y);
    let widest = 0;
    for (const id of column) {
      const b = boxOf(byId.get(id)!);
      placed.set(id, { x, y });
      y = snap(y + b.height + ROW_GAP);
      widest = Math.max(widest, b.width);
    }
    x = snap(x + Math.max(NEXT_GAP, widest + 80));
  }
  return nodes.map((n) => ({ ...n, position: placed.get(n.id) ?? n.position }));
}
