import { describe, expect, it } from 'vitest';
import { flowNodeSchema, type FlowNode, type FlowNodeInput, type NodeExecutionContext, type NodeResult } from '@atende/plugin-flowbuilder-contract';
import { builtinExecutors, compare, MENU_MAX_INVALID, pickOption, renderTemplate } from './executors.js';
import { pickEdge } from './engine.js';

type Effect = { send?: { body: string; media?: { url: string; name?: string } }; toNumber?: { to: { whatsappId: number; number: string }; body: string }; retag?: { add?: number[]; remove?: number[] } };

/** Runs the built-in executor of `node` once, as the engine would, and answers its result and what it queued. */
async function run(
  input: FlowNodeInput,
  opts: { cause?: NodeExecutionContext['cause']; body?: string; state?: unknown; variables?: Record<string, string>; random?: number } = {},
): Promise<{ result: NodeResult; effects: Effect[] }> {
  const node = flowNodeSchema.parse(input) as FlowNode;
  const executor = builtinExecutors(() => opts.random ?? 0.5).find((e) => e.type === node.type)!;
  const effects: Effect[] = [];
  const variables = opts.variables ?? {};
  const result = await executor.execute({
    companyId: 1,
    flowId: 1,
    runId: 1,
    node,
    ticket: { id: 7, contactId: 3, whatsappId: 2, queueId: null, userId: null },
    contact: { name: 'Ana', number: '5491100000001' },
    variables,
    cause: opts.cause ?? 'enter',
    input: opts.body !== undefined ? { body: opts.body, mediaType: 'chat' } : null,
    state: opts.state ?? null,
    render: (t) => renderTemplate(t, variables, { userNumber: '5491100000001', name: 'Ana' }),
    send: (m) => void effects.push({ send: m }),
    sendToNumber: (to, m) => void effects.push({ toNumber: { to, body: m.body } }),
    retag: (c) => void effects.push({ retag: c }),
    log: () => undefined,
  });
  return { result, effects };
}
const at = { position: { x: 0, y: 0 } };

describe('flow node executors', () => {
  it('start goes on; message sends its text with {{tokens}} replaced (unknown ones kept)', async () => {
    expect((await run({ id: '1', type: 'start', ...at, data: {} })).result).toEqual({ kind: 'next' });
    const { result, effects } = await run({ id: 'm', type: 'message', ...at, data: { label: 'Hola {{nombre}} ({{userNumber}}) {{otro}}' } }, { variables: { nombre: 'Luis' } });
    expect(result).toEqual({ kind: 'next' });
    expect(effects).toEqual([{ send: { body: 'Hola Luis (5491100000001) {{otro}}' } }]);
  });

  it('media nodes send the stored file, images and videos with their caption', async () => {
    expect((await run({ id: 'i', type: 'img', ...at, data: { url: '/api/media/a.png', caption: 'Mira {{name}}' } })).effects).toEqual([{ send: { body: 'Mira Ana', media: { url: '/api/media/a.png' } } }]);
    expect((await run({ id: 'a', type: 'audio', ...at, data: { url: '/api/media/a.ogg', record: true } })).effects).toEqual([{ send: { body: '', media: { url: '/api/media/a.ogg' } } }]);
    expect((await run({ id: 'v', type: 'video', ...at, data: { url: '/api/media/a.mp4', caption: 'c' } })).effects[0]!.send!.media!.url).toBe('/api/media/a.mp4');
    expect((await run({ id: 'p', type: 'pdf', ...at, data: { url: '/api/media/a.pdf', original: 'lista.pdf' } })).effects).toEqual([{ send: { body: '', media: { url: '/api/media/a.pdf', name: 'lista.pdf' } } }]);
  });

  it('a content block sends its elements in seq order and pauses at an interval, then resumes after it', async () => {
    const block: FlowNodeInput = {
      id: 'b',
      type: 'singleBlock',
      ...at,
      data: {
        seq: ['message0', 'img2', 'interval1', 'message3'],
        elements: [
          { number: 'message0', type: 'message', value: 'Uno' },
          { number: 'interval1', type: 'interval', value: 5 },
          { number: 'img2', type: 'img', value: '/api/media/x.jpg', caption: 'Foto' },
          { number: 'message3', type: 'message', value: 'Dos' },
        ],
      },
    };
    const first = await run(block);
    expect(first.effects.map((e) => e.send!.body)).toEqual(['Uno', 'Foto']);
    expect(first.result).toEqual({ kind: 'wait', afterMs: 5000, state: { i: 3 } });
    const second = await run(block, { cause: 'timer', state: { i: 3 } });
    expect(second.effects.map((e) => e.send!.body)).toEqual(['Dos']);
    expect(second.result).toEqual({ kind: 'next' });
  });

  it('a menu lists its numbered options, routes by number or text, and repeats itself on an invalid answer until the limit', async () => {
    const menu: FlowNodeInput = { id: 'm', type: 'menu', ...at, data: { message: 'Elige', arrayOption: [{ number: 1, value: 'Ventas' }, { number: 2, value: 'Soporte' }] } };
    const asked = await run(menu);
    expect(asked.effects).toEqual([{ send: { body: 'Elige\n\n[1] Ventas\n[2] Soporte' } }]);
    expect(asked.result).toEqual({ kind: 'wait', message: true, state: { invalid: 0 } });
    expect((await run(menu, { cause: 'message', body: ' 2 ', state: { invalid: 0 } })).result).toEqual({ kind: 'next', handle: 'a2' });
    expect((await run(menu, { cause: 'message', body: 'ventas', state: { invalid: 0 } })).result).toEqual({ kind: 'next', handle: 'a1' });
    const wrong = await run(menu, { cause: 'message', body: '9', state: { invalid: 0 } });
    expect(wrong.result).toEqual({ kind: 'wait', message: true, state: { invalid: 1 } });
    expect(wrong.effects).toHaveLength(1);
    expect((await run(menu, { cause: 'message', body: 'x', state: { invalid: MENU_MAX_INVALID - 1 } })).result).toMatchObject({ kind: 'handover' });
    const bare = await run({ ...menu, data: { ...(menu.data as object), includeOptions: false } } as FlowNodeInput);
    expect(bare.effects).toEqual([{ send: { body: 'Elige' } }]);
  });

  it('pickOption accepts "2", "2." and "[2]", and an option text in any case', () => {
    const data = { message: 'm', includeOptions: true, arrayOption: [{ number: 2, value: 'Soporte' }] };
    for (const b of ['2', '2.', '[2]', 'SOPORTE']) expect(pickOption(data, b)?.number).toBe(2);
    expect(pickOption(data, '3')).toBeNull();
  });

  it('a question asks, waits, and saves a non-blank answer under answerKey', async () => {
    const q: FlowNodeInput = { id: 'q', type: 'question', ...at, data: { message: '¿Tu nombre?', answerKey: 'nombre' } };
    const asked = await run(q);
    expect(asked.effects).toEqual([{ send: { body: '¿Tu nombre?' } }]);
    expect(asked.result).toEqual({ kind: 'wait', message: true });
    expect((await run(q, { cause: 'message', body: '  ' })).result).toEqual({ kind: 'wait', message: true });
    expect((await run(q, { cause: 'message', body: ' Luis ' })).result).toEqual({ kind: 'next', variables: { nombre: 'Luis' } });
  });

  it('a condition compares a variable numerically or as text and routes true/false', async () => {
    const c = (condition: string, value: string, v: string) => run({ id: 'c', type: 'condition', ...at, data: { key: 'edad', condition, value } } as FlowNodeInput, { variables: { edad: v } });
    expect((await c('>=', '18', '20')).result).toEqual({ kind: 'next', handle: 'true' });
    expect((await c('>=', '18', '9')).result).toEqual({ kind: 'next', handle: 'false' });
    expect((await c('==', 'SI', 'si')).result).toEqual({ kind: 'next', handle: 'true' });
    expect(compare('hola mundo', 'contains', 'MUNDO')).toBe(true);
    expect(compare('10', '<', '9')).toBe(false);
  });

  it('a randomizer sends percent % through a and the rest through b', async () => {
    const r = (random: number) => run({ id: 'r', type: 'randomizer', ...at, data: { percent: 30 } }, { random });
    expect((await r(0.29)).result).toEqual({ kind: 'next', handle: 'a' });
    expect((await r(0.3)).result).toEqual({ kind: 'next', handle: 'b' });
  });

  it('an interval waits its seconds (an answer ends it early), then goes on', async () => {
    const i: FlowNodeInput = { id: 'i', type: 'interval', ...at, data: { sec: 30 } };
    expect((await run(i)).result).toEqual({ kind: 'wait', message: true, afterMs: 30_000 });
    expect((await run(i, { cause: 'timer' })).result).toEqual({ kind: 'next' });
    expect((await run(i, { cause: 'message', body: 'hola' })).result).toEqual({ kind: 'next' });
  });

  it('a follow-up waits each entry, sends its content, goes through "answer" when the contact writes, and on after the last', async () => {
    const f: FlowNodeInput = {
      id: 'f',
      type: 'followUp',
      ...at,
      data: {
        intervalTimes: [
          { id: 'e1', minutes: 10, content: [{ type: 'text', id: 't1', value: '¿Sigues ahí?' }, { type: 'interval', id: 'p', value: 5 }, { type: 'text', id: 't2', value: 'Hola {{name}}' }] },
          { id: 'e2', minutes: 60, content: [{ type: 'image', id: 'im', mediaUrl: '/api/media/p.png', caption: 'Promo' }] },
        ],
      },
    };
    expect((await run(f)).result).toEqual({ kind: 'wait', message: true, afterMs: 600_000, state: { entry: 0, item: null } });
    const first = await run(f, { cause: 'timer', state: { entry: 0, item: null } });
    expect(first.effects.map((e) => e.send!.body)).toEqual(['¿Sigues ahí?']);
    expect(first.result).toEqual({ kind: 'wait', message: true, afterMs: 5000, state: { entry: 0, item: 2 } });
    const rest = await run(f, { cause: 'timer', state: { entry: 0, item: 2 } });
    expect(rest.effects.map((e) => e.send!.body)).toEqual(['Hola Ana']);
    expect(rest.result).toEqual({ kind: 'wait', message: true, afterMs: 3_600_000, state: { entry: 1, item: null } });
    const last = await run(f, { cause: 'timer', state: { entry: 1, item: null } });
    expect(last.effects).toEqual([{ send: { body: 'Promo', media: { url: '/api/media/p.png' } } }]);
    expect(last.result).toEqual({ kind: 'next' });
    expect((await run(f, { cause: 'message', body: 'sí', state: { entry: 1, item: null } })).result).toEqual({ kind: 'next', handle: 'answer' });
  });

  it('a ticket node hands over to its queue (and user), silently without a message', async () => {
    expect((await run({ id: 't', type: 'ticket', ...at, data: { queueId: 4 } })).result).toEqual({ kind: 'handover', queueId: 4, userId: null, reason: 'ticket_node' });
    expect((await run({ id: 't', type: 'ticket', ...at, data: { queueId: 4, message: '   ' } })).effects).toEqual([]);
  });

  it('a ticket node with a message tells the customer first, {{queue}} being the queue name (issue 38 item 2)', async () => {
    const t = await run({ id: 't', type: 'ticket', ...at, data: { queueId: 4, name: 'Ventas', message: 'Te paso con {{queue}}, {{name}}.' } });
    expect(t.effects).toEqual([{ send: { body: 'Te paso con Ventas, Ana.' } }]);
    expect(t.result).toEqual({ kind: 'handover', queueId: 4, userId: null, reason: 'ticket_node' });
  });

  it('a tags node retags; a notification goes to its number with {{userNumber}}', async () => {
    const tags = await run({ id: 'g', type: 'tags', ...at, data: { addTagId: 5, removeTagId: 6, name: '+A / -B' } });
    expect(tags.effects).toEqual([{ retag: { add: [5], remove: [6] } }]);
    expect(tags.result).toEqual({ kind: 'next' });
    const n = await run({ id: 'n', type: 'notification', ...at, data: { connectionId: 2, targetNumber: '+54 911 5555-0000', message: 'Nuevo cliente {{userNumber}}' } });
    expect(n.effects).toEqual([{ toNumber: { to: { whatsappId: 2, number: '549115555' + '0000' }, body: 'Nuevo cliente 5491100000001' } }]);
  });

  it('openai, typebot and google sheets have no built-in executor (their plugins add them)', () => {
    const types = builtinExecutors().map((e) => e.type);
    for (const t of ['openai', 'typebot', 'googlesheets']) expect(types).not.toContain(t);
  });

  it('renderTemplate prefers flow variables over built-ins', () => {
    expect(renderTemplate('{{name}} {{ x }}', { name: 'Var', x: '1' }, { name: 'Contacto' })).toBe('Var 1');
  });

  it('pickEdge follows the named output, or the single one', () => {
    const edges = [
      { id: 'e1', source: 'm', target: 'a', sourceHandle: 'a1' },
      { id: 'e2', source: 'm', target: 'b', sourceHandle: 'a2' },
      { id: 'e3', source: 'x', target: 'c', sourceHandle: null },
    ];
    expect(pickEdge(edges, 'm', 'a2')?.target).toBe('b');
    expect(pickEdge(edges, 'm', 'a3')).toBeUndefined();
    expect(pickEdge(edges, 'x', null)?.target).toBe('c');
  });
});
