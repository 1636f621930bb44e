import { z } from 'zod';
import { createExtensionPoint } from '@atende/sdk-server';
import { FLOW_STARTER, type FlowStarter } from '@atende/plugin-flowbuilder-contract';
import { SHOPIFY_VARIABLES, type IntegrationOutcome, type IntegrationRunContext, type IntegrationType } from '@atende/plugin-integrations-contract';
import { optionFor } from './shopify-options.js';

/** The Admin API version asked for (Shopify keeps each for a year at least). */
export const SHOPIFY_API_VERSION = '2024-10';

/** `urlShopify` as a base URL: a bare shop domain means https; a full URL (a local fake) is kept. */
export const shopBase = (url: string) => (/^https?:\/\//i.test(url) ? url : `https://${url}`).replace(/\/+$/, '');

/** An order number in the customer's text: "#1001", "pedido 1001", "1001". */
export const orderNumberIn = (text: string) => /#?\s*(\d{3,12})/.exec(text)?.[1] ?? null;

interface ShopifyOrder {
  name?: string;
  order_number?: number;
  reference?: string | null;
  total_price?: string;
  currency?: string;
  customer?: { first_name?: string; last_name?: string } | null;
  shipping_lines?: { title?: string }[];
  shipping_address?: { province?: string; city?: string; address1?: string } | null;
  line_items?: { title?: string; quantity?: number }[];
}

/** The spec's variables (§9) of one order. */
export function orderVariables(o: ShopifyOrder): Record<(typeof SHOPIFY_VARIABLES)[number], string> {
  return {
    client_name: [o.customer?.first_name, o.customer?.last_name].filter(Boolean).join(' '),
    order_number: o.name ?? String(o.order_number ?? ''),
    reference: o.reference ?? '',
    total_amount: [o.total_price, o.currency].filter(Boolean).join(' '),
    shipping_method: o.shipping_lines?.[0]?.title ?? '',
    shipping_province: o.shipping_address?.province ?? '',
    shipping_city: o.shipping_address?.city ?? '',
    shipping_address: o.shipping_address?.address1 ?? '',
    products_info: (o.line_items ?? []).map((l) => `${l.quantity ?? 1} x ${l.title ?? ''}`).join('\n'),
  };
}

/** `{{variable}}` (or `{variable}`) replaced; unknown ones left as they are. */
export const renderTemplate = (template: string, vars: Record<string, string>) =>
  template.replace(/\{\{?\s*([a-z_]+)\s*\}?\}/g, (all, name: string) => (name in vars ? vars[name] : all));

export const DEFAULT_TEMPLATE = 'Hola {{client_name}}, tu pedido {{order_number}} por {{total_amount}} va por {{shipping_method}} a {{shipping_city}}.\n{{products_info}}';

/**
 * Shopify: first the integration's options (`shopifyOptions`, §4): a keyword of an option in the customer's
 * text sends the option's image with its description as the caption (or the description alone); an
 * option with a flow starts it instead (in the chain, `inChain`). Otherwise an order number in the text is
 * looked up with the Admin API (`GET {shop}/admin/api/{version}/orders.json?name=%23{n}&status=any`,
 * header `X-Shopify-Access-Token` = the integration's `jsonContent`, stored encrypted) and answered with
 * `messageTemplate`.
 */
async function run(ctx: IntegrationRunContext): Promise<IntegrationOutcome> {
  const i = ctx.integration;
  const option = optionFor(i.shopifyOptions, ctx.message.body ?? '');
  if (option && !option.flowId) {
    const description = option.description?.trim() ?? '';
    return { kind: 'reply', messages: [option.image ? { body: description, media: { url: option.image } } : description] };
  }
  const n = orderNumberIn(ctx.message.body ?? '');
  if (!n) return { kind: 'reply', messages: ['Envíanos el número de tu pedido (por ejemplo #1001).'] };
  const url = `${shopBase(i.urlShopify ?? '')}/admin/api/${SHOPIFY_API_VERSION}/orders.json?status=any&name=${encodeURIComponent(`#${n}`)}`;
  const res = await ctx.fetch(url, { headers: { 'x-shopify-access-token': i.secret ?? '', accept: 'application/json' } });
  if (!res.ok) throw new Error(`orders HTTP ${res.status}`);
  const { orders } = (await res.json()) as { orders?: ShopifyOrder[] };
  const order = orders?.[0];
  if (!order) return { kind: 'reply', messages: [`No encontramos el pedido #${n}.`] };
  return { kind: 'reply', messages: [renderTemplate(i.messageTemplate || DEFAULT_TEMPLATE, orderVariables(order))] };
}

export const shopifyType: IntegrationType = {
  type: 'shopify',
  secretJson: true,
  // §5: for type shopify, the Shopify domain and a WhatsApp connection are required.
  fields: z.object({
    urlShopify: z.string({ error: 'required' }).min(1, 'required'),
    whatsappId: z.number({ error: 'required' }).int(),
  }),
  urlFields: ['urlShopify'],
  // An option with a flow: the flow builder's FLOW_STARTER, inside the chain (the flow then holds the ticket).
  inChain: async (raw, integration) => {
    const ctx = raw as { message: { body: string } };
    const option = optionFor(integration.shopifyOptions, ctx.message.body ?? '');
    if (!option?.flowId) return 'run';
    const starter = createExtensionPoint<FlowStarter>(FLOW_STARTER).get('flowbuilder');
    return starter && (await starter.start(raw, option.flowId)) === 'handled' ? 'handled' : 'run';
  },
  run,
};
