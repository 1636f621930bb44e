import { describe, expect, it } from 'vitest';
import { ackOf, webhookItems } from './webhook-items.js';

const body = (phoneNumberId: string) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: 'WABA',
      changes: [
        {
          field: 'messages',
          value: {
            metadata: { phone_number_id: phoneNumberId },
            contacts: [{ wa_id: '5491100000001', profile: { name: 'Ana' } }],
            messages: [{ id: 'wamid.A', from: '5491100000001', timestamp: '1700000000', type: 'text', text: { body: 'hola' } }],
            statuses: [{ id: 'wamid.B', status: 'delivered', recipient_id: '5491100000001' }],
          },
        },
      ],
    },
  ],
});

describe('webhookItems', () => {
  it('keeps each message and status with an id that dedupes a repeated webhook', () => {
    const items = webhookItems(body('111'), '111');
    expect(items.map((i) => i.id)).toEqual(['cloud:m:wamid.A', 'cloud:s:wamid.B:delivered']);
    expect(JSON.parse(items[0].data)).toMatchObject({ kind: 'message', contactName: 'Ana', message: { text: { body: 'hola' } } });
    expect(webhookItems(body('111'), '111').map((i) => i.id)).toEqual(items.map((i) => i.id));
  });

  it("ignores another number's changes and bodies that are not the Cloud API's", () => {
    expect(webhookItems(body('222'), '111')).toEqual([]);
    expect(webhookItems({ object: 'page', entry: [] }, '111')).toEqual([]);
    expect(webhookItems(null, '111')).toEqual([]);
  });

  it('maps statuses to acks', () => {
    expect([ackOf('sent'), ackOf('delivered'), ackOf('read'), ackOf('failed'), ackOf('deleted')]).toEqual([1, 2, 3, -1, null]);
  });
});
