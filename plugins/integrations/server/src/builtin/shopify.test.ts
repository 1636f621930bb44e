import { describe, expect, it } from 'vitest';
import { orderNumberIn, orderVariables, renderTemplate, shopBase } from './shopify.js';

describe('shopify', () => {
  it('finds the order number and builds the base URL', () => {
    expect(orderNumberIn('mi pedido es el #1001 gracias')).toBe('1001');
    expect(orderNumberIn('hola')).toBeNull();
    expect(shopBase('tienda.myshopify.com/')).toBe('https://tienda.myshopify.com');
    expect(shopBase('http://127.0.0.1:9000')).toBe('http://127.0.0.1:9000');
  });
  it('fills every spec variable and leaves unknown ones', () => {
    const vars = orderVariables({
      name: '#1001',
      reference: 'R-1',
      total_price: '120.00',
      currency: 'PEN',
      customer: { first_name: 'Ana', last_name: 'Pérez' },
      shipping_lines: [{ title: 'Express' }],
      shipping_address: { province: 'Lima', city: 'Miraflores', address1: 'Av. Larco 123' },
      line_items: [{ title: 'Polo', quantity: 2 }],
    });
    expect(vars).toEqual({
      client_name: 'Ana Pérez',
      order_number: '#1001',
      reference: 'R-1',
      total_amount: '120.00 PEN',
      shipping_method: 'Express',
      shipping_province: 'Lima',
      shipping_city: 'Miraflores',
      shipping_address: 'Av. Larco 123',
      products_info: '2 x Polo',
    });
    expect(renderTemplate('{{client_name}}: {{order_number}} {{nope}}', vars)).toBe('Ana Pérez: #1001 {{nope}}');
  });
});
