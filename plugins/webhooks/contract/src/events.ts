/** The events a subscription may ask for, and the domain events they come from. */
export const WEBHOOK_EVENTS = ['message.created', 'message.updated', 'ticket.created', 'ticket.status_changed', 'ticket.transferred', 'contact.created'] as const;
export type WebhookEventName = (typeof WEBHOOK_EVENTS)[number];

