/** Constants both sides read (no zod here, so the web remote does not bundle it). */
/** Integration types the plugin itself brings (automation-productivity §9 lists n8n, flowbuilder, shopify, googlesheets-auth; §1 adds webhook, typebot, dialogflow). */
export const BUILTIN_TYPES = ['n8n', 'webhook', 'typebot', 'dialogflow', 'shopify', 'flowbuilder'] as const;

/** Typebot defaults (§9): delay 1000 ms between messages, session expires after 1 minute idle. */
export const TYPEBOT_DEFAULT_DELAY = 1000;
export const TYPEBOT_DEFAULT_EXPIRES = 1;
/** The variables a Shopify message template may use (§9). */
export const SHOPIFY_VARIABLES = [
  'client_name',
  'order_number',
  'reference',
  'total_amount',
  'shipping_method',
  'shipping_province',
  'shipping_city',
  'shipping_address',
  'products_info',
] as const;
/** Page size of the list (the spec names none; 40 like the SDK's paged lists). */
export const INTEGRATIONS_PAGE_SIZE = 40;

