import type { ReactNode } from 'react';
import { Button, Flex, Modal, Typography, theme } from 'antd';
import { CheckCircleTwoTone, CloseCircleOutlined } from '@ant-design/icons';
import type { z } from 'zod';
import type { contactImportResultSchema } from '@atende/core-contract';
import { ApiError, errorText, useT, validationText } from '@atende/sdk-web';

export type ContactImportResult = z.infer<typeof contactImportResultSchema>;

const FIELDS: Record<string, string> = { name: 'contacts.name', number: 'contacts.number', email: 'contacts.email' };
/** The number's length codes read better as the phone texts. */
const NUMBER_CODES: Record<string, string> = { too_short: 'phone_too_short', too_long: 'phone_too_long' };

/**
 * A row's refusal as the user reads it. The server sends an ERR_* code (duplicate number) or the form's
 * field errors as "field: code; field: code"; both are translated, anything else is shown as sent.
 */
export function rowError(t: (k: string) => string, msg: string): string {
  if (/^ERR_[A-Z_]+$/.test(msg)) return errorText(new ApiError(400, msg, msg));
  return msg
    .split(/;\s*/)
    .map((part) => {
      const m = /^(\w+):\s*(\w+)$/.exec(part.trim());
      if (!m || !FIELDS[m[1]]) return validationText(t, part.trim());
      const code = m[1] === 'number' ? (NUMBER_CODES[m[2]] ?? m[2]) : m[2];
      return `${t(FIELDS[m[1]])}: ${validationText(t, code)}`;
    })
    .join('; ');
}

/** A bordered, scrollable list with a heading, drawn with the theme's tokens (light and dark). */
function Section({ title, empty, testId, children }: { title: string; empty: string; testId: string; children: ReactNode[] }) {
  const { token } = theme.useToken();
  return (
    <div style={{ border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadius }} data-testid={testId}>
      <div style={{ padding: '8px 12px', borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
        <Typography.Text strong>{title}</Typography.Text>
      </div>
      <Flex vertical gap={6} style={{ padding: '8px 12px', maxHeight: 240, overflow: 'auto' }}>
        {children.length ? children : <Typography.Text type="secondary">{empty}</Typography.Text>}
      </Flex>
    </div>
  );
}

/** What an .xlsx import created and, per refused row, why (core-operations §3 "Contact import result"). */
export function ImportResultModal({ result, onClose }: { result: ContactImportResult | null; onClose: () => void }) {
  const { t } = useT();
  const created = result?.newContacts ?? [];
  const errors = result?.errorBag ?? [];
  return (
    <Modal
      open={!!result}
      title={t('contacts.importTitle')}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose} data-testid="contacts-import-close">
          {t('contacts.close')}
        </Button>
      }
      data-testid="contacts-import-result"
    >
      <Flex vertical gap={16}>
        <Section title={t('contacts.importCreated', { n: created.length })} empty={t('contacts.importNone')} testId="contacts-import-created">
          {created.map((row) => (
            <Flex key={row.contactId} gap={8} data-testid={`contacts-import-created-${row.contactId}`}>
              <CheckCircleTwoTone twoToneColor="#52c41a" />
              <span>{row.contactName}</span>
            </Flex>
          ))}
        </Section>
        <Section title={t('contacts.importErrors', { n: errors.length })} empty={t('contacts.importNone')} testId="contacts-import-errors">
          {errors.map((row, i) => (
            <Flex key={i} gap={8} align="baseline" wrap data-testid={`contacts-import-error-${i}`}>
              <Typography.Text type="danger">
                <CloseCircleOutlined />
              </Typography.Text>
              <span>{row.contactName || '—'}</span>
              <Typography.Text type="secondary">{rowError(t, row.error.message)}</Typography.Text>
            </Flex>
          ))}
        </Section>
      </Flex>
    </Modal>
  );
}
