import type { Message } from './message.entity.js';

/**
 * A `messages` row as raw SQL returns it (snake_case; timestamps as dates) in the entity's shape,
 * without the ORM: the inbound hot path maps one per message, and em.map was ~3 % of its CPU.
 */
export function messageOf(row: Record<string, unknown>): Message {
  const at = (v: unknown) => (v instanceof Date ? v : new Date(v as string));
  return {
    id: row.id as number,
    companyId: row.company_id as number,
    ticketId: row.ticket_id as number,
    contactId: (row.contact_id as number | null) ?? null,
    whatsappId: row.whatsapp_id as number,
    userId: (row.user_id as number | null) ?? null,
    providerMessageId: (row.provider_message_id as string | null) ?? null,
    body: row.body as string,
    fromMe: row.from_me as boolean,
    read: row.read as boolean,
    mediaType: row.media_type as string,
    mediaUrl: (row.media_url as string | null) ?? null,
    mediaName: (row.media_name as string | null) ?? null,
    sendError: (row.send_error as string | null) ?? null,
    source: (row.source as string | null) ?? null,
    correlationId: (row.correlation_id as string | null) ?? null,
    chained: (row.chained as boolean | null) ?? null,
    ack: row.ack as number,
    isDeleted: row.is_deleted as boolean,
    isEdited: row.is_edited as boolean,
    quotedMsgId: (row.quoted_msg_id as number | null) ?? null,
    simulated: row.simulated as boolean,
    participant: (row.participant as string | null) ?? null,
    participantName: (row.participant_name as string | null) ?? null,
    createdAt: at(row.created_at),
    updatedAt: at(row.updated_at),
  };
}
