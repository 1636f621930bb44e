import { startFake, type FakeServer } from './fake-server.js';

/**
 * Shopify's Admin API orders lookup: `GET /admin/api/{version}/orders.json?name=%23{n}` with
 * `X-Shopify-Access-Token: <token>` (401 otherwise) answers order #1001 (others: none).
 */
export async function startShopifyFake(token: string): Promise<FakeServer> {
  return startFake((req) => {
    const u = new URL(req.url, 'http://x');
    if (!/^\/admin\/api\/[^/]+\/orders\.json$/.test(u.pathname)) return { status: 404, json: {} };
    if (req.headers['x-shopify-access-token'] !== token) return { status: 401, json: { errors: 'Invalid API key or access token' } };
    if (u.searchParams.get('name') !== '#1001') return { json: { orders: [] } };
    return {
      json: {
        orders: [
          {
            name: '#1001',
            reference: 'REF-9',
            total_price: '150.00',
            currency: 'PEN',
            customer: { first_name: 'Ana', last_name: 'Pérez' },
            shipping_lines: [{ title: 'Olva Courier' }],
            shipping_address: { province: 'Lima', city: 'Miraflores', address1: 'Av. Larco 123' },
            line_items: [{ title: 'Polo negro', quantity: 2 }],
          },
        ],
      },
    };
  });
}
