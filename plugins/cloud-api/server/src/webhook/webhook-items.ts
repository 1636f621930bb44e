import type { KeptItem } from '@atende/sdk-server';

/** One message or status of a webhook, as kept in the connection's inbox (parsed again by the session). */
export type CloudItem =
  | { kind: 'message'; message: CloudMessage; contactName?: string }
  | { kind: 'status'; id: string; status: string; recipientId?: string; errorCode?: number };

/** The fields of a Cloud API inbound message Atende reads (others are kept as `unsupported`). */
export interface CloudMessage {
  id: string;
  from: string;
  timestamp: string;
  type: string;
  text?: { body?: string };
  image?: CloudMediaRef;
  audio?: CloudMediaRef;
  video?: CloudMediaRef;
  document?: CloudMediaRef & { filename?: string };
  sticker?: CloudMediaRef;
  location?: { latitude?: number; longitude?: number; name?: string; address?: string };
  button?: { text?: string };
  interactive?: { button_reply?: { title?: string }; list_reply?: { title?: string } };
  reaction?: { message_id?: string; emoji?: string };
  context?: { id?: string };
}

export interface CloudMediaRef {
  id: string;
  mime_type?: string;
  caption?: string;
}

interface WebhookBody {
  object?: string;
  entry?: { changes?: { field?: string; value?: WebhookValue }[] }[];
}
interface WebhookValue {
  metadata?: { phone_number_id?: string };
  contacts?: { wa_id?: string; profile?: { name?: string } }[];
  messages?: CloudMessage[];
  statuses?: { id?: string; status?: string; recipient_id?: string; errors?: { code?: number }[] }[];
}

/**
 * The items of a webhook body that belong to this number (`phone_number_id`), each with the id that
 * deduplicates it in the inbox: a message by its wamid, a status by wamid and status. A webhook Meta
 * sends twice keeps nothing twice.
 */
export function webhookItems(body: unknown, phoneNumberId: string): KeptItem[] {
  const b = body as WebhookBody;
  if (b?.object !== 'whatsapp_business_account' || !Array.isArray(b.entry)) return [];
  const items: KeptItem[] = [];
  for (const entry of b.entry) {
    for (const change of entry.changes ?? []) {
      const v = change.value;
      if (change.field !== 'messages' || !v || v.metadata?.phone_number_id !== phoneNumberId) continue;
      const names = new Map((v.contacts ?? []).map((c) => [c.wa_id, c.profile?.name]));
      for (const m of v.messages ?? []) {
        if (typeof m?.id !== 'string' || typeof m.from !== 'string') continue;
        const item: CloudItem = { kind: 'message', message: m, contactName: names.get(m.from) ?? undefined };
        items.push({ id: `cloud:m:${m.id}`, data: JSON.stringify(item) });
      }
      for (const s of v.statuses ?? []) {
        if (typeof s?.id !== 'string' || typeof s.status !== 'string') continue;
        const item: CloudItem = { kind: 'status', id: s.id, status: s.status, recipientId: s.recipient_id, errorCode: s.errors?.[0]?.code };
        items.push({ id: `cloud:s:${s.id}:${s.status}`, data: JSON.stringify(item) });
      }
    }
  }
  return items;
}

/** Cloud API statuses as the kernel's acks: 1 sent, 2 delivered, 3 read, -1 failed. */
export const ackOf = (status: string): number | null => ({ sent: 1, delivered: 2, read: 3, failed: -1 })[status] ?? null;
