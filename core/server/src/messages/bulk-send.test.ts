import { describe, expect, it } from 'vitest';
import { planBulkSend } from './bulk-send.js';

describe('Messages.sendToNumbers: what each recipient stores (issue 37 item 2)', () => {
  it('checks each recipient as a single send does and refuses only that one', () => {
    const { planned, errors } = planBulkSend(
      [
        { number: '+51 987-654-321', name: ' Ana ', body: 'Hola', correlationId: 'c-1' },
        { number: '123', body: 'Hola', correlationId: 'c-2' },
        { number: '51987654322', body: '  ', correlationId: 'c-3' },
        { number: '51987654323', body: 'x'.repeat(4097), correlationId: 'c-4' },
        { number: '51987654324', body: 'Hola', correlationId: '' },
        { number: '51987654325', body: 'Hola', correlationId: 'c-6' },
      ],
      null,
    );
    expect([...errors]).toEqual([
      [1, 'invalid_number'],
      [2, 'required'],
      [3, 'too_long'],
      [4, 'correlation_id_required'],
    ]);
    expect(planned.map((p) => [p.index, p.number, p.name, p.rows])).toEqual([
      [0, '51987654321', 'Ana', [{ body: 'Hola', media: false }]],
      [5, '51987654325', '51987654325', [{ body: 'Hola', media: false }]],
    ]);
  });

  it('a file makes an empty text acceptable; a voice note sends its text first, on its own', () => {
    expect(planBulkSend([{ number: '51987654321', body: '', correlationId: 'c' }], 'other').planned[0]!.rows).toEqual([{ body: '', media: true }]);
    expect(planBulkSend([{ number: '51987654321', body: 'Pie', correlationId: 'c' }], 'other').planned[0]!.rows).toEqual([{ body: 'Pie', media: true }]);
    expect(planBulkSend([{ number: '51987654321', body: 'Escucha', correlationId: 'c' }], 'audio').planned[0]!.rows).toEqual([
      { body: 'Escucha', media: false },
      { body: '', media: true },
    ]);
    expect(planBulkSend([{ number: '51987654321', body: '', correlationId: 'c' }], 'audio').planned[0]!.rows).toEqual([{ body: '', media: true }]);
  });
});
