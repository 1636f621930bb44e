import type { FlowConnection, FlowNode } from '@atende/plugin-flowbuilder-contract';

/** Nodes that stop a flow until the customer writes: a cycle through one of them advances once per answer. */
const WAITS_FOR_ANSWER = new Set<string>(['menu', 'question']);

/**
 * The ids of nodes on a cycle that never waits for the customer's answer (depth-first search over the
 * connectors, skipping the nodes that wait). Such a cycle would send messages forever: every lap at once,
 * or every lap of a timer (interval, content pause, follow-up), so a save or an import with one is refused.
 */
export function loopsWithoutAnswer(nodes: readonly FlowNode[], connections: readonly FlowConnection[]): string[] {
  const free = new Set(nodes.filter((n) => !WAITS_FOR_ANSWER.has(n.type)).map((n) => n.id));
  const next = new Map<string, string[]>();
  for (const c of connections) if (free.has(c.source) && free.has(c.target)) next.set(c.source, [...(next.get(c.source) ?? []), c.target]);
  const state = new Map<string, 'open' | 'done'>();
  const onLoop = new Set<string>();
  const path: string[] = [];
  // Iterative, so a very long drawing cannot overflow the stack.
  for (const root of free) {
    if (state.has(root)) continue;
    const stack: { id: string; i: number }[] = [{ id: root, i: 0 }];
    state.set(root, 'open');
    path.push(root);
    while (stack.length) {
      const top = stack[stack.length - 1];
      const out = next.get(top.id) ?? [];
      if (top.i < out.length) {
        const to = out[top.i++];
        if (state.get(to) === 'open') for (const id of path.slice(path.indexOf(to))) onLoop.add(id);
        else if (!state.has(to)) {
          state.set(to, 'open');
          path.push(to);
          stack.push({ id: to, i: 0 });
        }
      } else {
        state.set(top.id, 'done');
        path.pop();
        stack.pop();
      }
    }
  }
  return [...onLoop];
}
