import type { MessageDto } from '@atende/core-contract';
import type { SqlPart } from '../tickets/ticket-visibility.js';
import { toMessageDto } from '../tickets/ticket-dto.js';
import { messageOf } from './message-row.js';

/** Every column messageOf reads, listed (no `m.*`: the statement is prepared, see database/prepared.ts). */
const MESSAGE_COLUMNS = `m.id, m.company_id, m.ticket_id, m.contact_id, m.whatsapp_id, m.user_id, m.provider_message_id, m.body, m.from_me,
                 m.read, m.media_type, m.media_url, m.media_name, m.send_error, m.source, m.correlation_id, m.chained, m.ack,
                 m.is_deleted, m.is_edited, m.quoted_msg_id, m.simulated, m.participant, m.participant_name, m.created_at, m.updated_at`;

/** Messages per conversation page. */
export const MESSAGES_PAGE = 30;

/**
 * One page of a conversation (newest first, one more than the page to know hasMore) with each
 * message's quoted message, in ONE statement on the conversation index (contact, connection, id desc).
 * Plain rows rather than ORM entities: the page is read-only, and mapping 31 entities cost more than
 * the statement. The company is a condition of its own (raw SQL has no tenant filter), for the quoted
 * message too. `ticketIds` null: every ticket of the conversation (the viewer sees them all).
 */
export function messagePageSql(
  companyId: number,
  conversation: { contactId: number; whatsappId: number; ticketIds: number[] | null },
  q: { beforeId?: number; pageNumber: number },
): SqlPart {
  const where = ['m.company_id = ?', 'm.contact_id = ?', 'm.whatsapp_id = ?'];
  const params: unknown[] = [companyId, conversation.contactId, conversation.whatsappId];
  if (conversation.ticketIds) {
    where.push('m.ticket_id = any(array[?]::int[])');
    params.push(conversation.ticketIds);
  }
  if (q.beforeId) {
    where.push('m.id < ?');
    params.push(q.beforeId);
  }
  // As the ticket list: a literal LIMIT, OFFSET only past page 1 (prepared statements, database/prepared.ts).
  const offset = q.beforeId ? 0 : (q.pageNumber - 1) * MESSAGES_PAGE;
  if (offset) params.push(offset);
  return {
    sql: `select ${MESSAGE_COLUMNS},
                 qm.id as quoted_id, qm.body as quoted_body, qm.from_me as quoted_from_me, qm.media_type as quoted_media_type,
                 qm.is_deleted as quoted_is_deleted
            from messages m
            left join messages qm on qm.id = m.quoted_msg_id and qm.company_id = m.company_id
           where ${where.join(' and ')}
           order by m.id desc
           limit ${MESSAGES_PAGE + 1}${offset ? ' offset ?' : ''}`,
    params,
  };
}

/**
 * A row of messagePageSql as the API shows it: the entity's shape (messageOf) through the one DTO rule
 * (toMessageDto), with the quoted message read from the joined `quoted_*` columns.
 */
export function messageRowDto(r: Record<string, unknown>): MessageDto {
  const quoted =
    r.quoted_id != null
      ? { id: r.quoted_id as number, body: r.quoted_body as string, fromMe: r.quoted_from_me as boolean, mediaType: r.quoted_media_type as string, isDeleted: r.quoted_is_deleted as boolean }
      : null;
  return toMessageDto(messageOf(r), quoted);
}
