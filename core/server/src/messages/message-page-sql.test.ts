import { describe, expect, it } from 'vitest';
import { MESSAGES_PAGE, messagePageSql, messageRowDto } from './message-page-sql.js';

const placeholders = (sql: string) => sql.split('?').length - 1;

describe('conversation page SQL', () => {
  it('scopes messages and quoted messages to the company, one value per placeholder, a literal limit', () => {
    for (const ticketIds of [null, [4, 5]]) {
      for (const q of [{ pageNumber: 1 }, { pageNumber: 3 }, { pageNumber: 1, beforeId: 99 }]) {
        const part = messagePageSql(7, { contactId: 2, whatsappId: 3, ticketIds }, q);
        expect(placeholders(part.sql)).toBe(part.params.length);
        expect(part.sql).toContain('m.company_id = ?');
        expect(part.sql).toContain('qm.company_id = m.company_id');
        expect(part.sql).toContain(`limit ${MESSAGES_PAGE + 1}`);
        expect(part.params.slice(0, 3)).toEqual([7, 2, 3]);
        if (ticketIds) expect(part.params).toContainEqual(ticketIds);
      }
    }
    expect(messagePageSql(7, { contactId: 2, whatsappId: 3, ticketIds: null }, { pageNumber: 1 }).sql).not.toContain('offset');
    expect(messagePageSql(7, { contactId: 2, whatsappId: 3, ticketIds: null }, { pageNumber: 3 }).params.at(-1)).toBe(2 * MESSAGES_PAGE);
  });

  it('maps a row as toMessageDto does: deleted bodies blank, the quoted message from the joined columns', () => {
    const row = {
      id: 10, company_id: 7, ticket_id: 4, contact_id: 2, whatsapp_id: 3, user_id: null, provider_message_id: 'x', body: 'secret', from_me: false,
      read: true, media_type: 'chat', media_url: null, media_name: null, send_error: 'OTHER', source: null, correlation_id: null, chained: true,
      ack: 3, is_deleted: true, is_edited: false, quoted_msg_id: 9, simulated: false, participant: null, participant_name: null,
      created_at: '2026-11-25 12:05:39.457123+00', updated_at: '2026-11-25 12:05:39.457123+00',
      quoted_id: 9, quoted_body: 'old', quoted_from_me: true, quoted_media_type: 'chat', quoted_is_deleted: true,
    };
    const dto = messageRowDto(row);
    expect(dto).toMatchObject({ id: 10, body: '', isDeleted: true, sendError: null, quotedMsg: { id: 9, body: '', fromMe: true, mediaType: 'chat' }, createdAt: '2026-11-25T12:05:39.457Z' });
    expect(Object.keys(dto)).not.toContain('companyId');
    expect(messageRowDto({ ...row, quoted_id: null, quoted_msg_id: 9 }).quotedMsg).toBeNull(); // quoted message gone
  });
});
