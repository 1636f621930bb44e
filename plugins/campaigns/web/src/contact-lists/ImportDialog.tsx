import { useEffect, useState } from 'react';
import { Alert, App, Button, Flex, Modal, Progress, Typography, Upload, theme } from 'antd';
import { FileExcelOutlined } from '@ant-design/icons';
import { uploadWithProgress, useErrorToast, useRealtime, useT, validationText } from '@atende/sdk-web';
import {
  CONTACT_IMPORT_EXTENSIONS,
  CONTACT_IMPORT_FIELD,
  CONTACT_LIST_IMPORT_EVENT,
  type ContactImportError,
  type ContactImportResult,
  type ContactListImportEvent,
} from '@atende/plugin-campaigns-contract';
import { checkSheet, importPercent, importProblems, sheetType } from './contactLists.js';

type Phase = 'pick' | 'running' | 'done';

/**
 * Upload of a spreadsheet to a list (automation-productivity §2): the file goes up with its progress,
 * then the server's progress events (rows processed of the sheet's rows) move the same bar; the answer
 * lists the rows created and, per refused row, why.
 */
export function ImportDialog({ contactListId, open, onClose, onImported }: { contactListId: number; open: boolean; onClose: () => void; onImported: () => void }) {
  const { t } = useT('campaigns');
  const { t: core } = useT();
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const showError = useErrorToast();
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>('pick');
  const [progress, setProgress] = useState({ uploaded: 0, processed: 0, total: 0 });
  const [result, setResult] = useState<ContactImportResult | null>(null);

  useEffect(() => {
    if (!open) return;
    setFile(null);
    setPhase('pick');
    setResult(null);
    setProgress({ uploaded: 0, processed: 0, total: 0 });
  }, [open]);

  useRealtime<ContactListImportEvent>(CONTACT_LIST_IMPORT_EVENT, (e) => {
    // Progress only moves forward (a late event must not pull a finished bar back).
    if (phase === 'running' && e.contactListId === contactListId) setProgress((p) => (e.processed < p.processed ? p : { ...p, uploaded: 1, processed: e.processed, total: e.total }));
  });

  const pick = (f: File) => {
    const problem = checkSheet(f);
    if (problem === 'type') void message.error(t('import.wrongType'));
    else if (problem === 'size') void message.error(t('import.tooLarge'));
    else setFile(f);
    return false;
  };

  const start = async () => {
    if (!file) return;
    setPhase('running');
    try {
      const form = new FormData();
      form.append(CONTACT_IMPORT_FIELD, new File([file], file.name, { type: sheetType(file.name) }));
      const answer = await uploadWithProgress<ContactImportResult>(`/contact-lists/${contactListId}/upload`, form, {
        onProgress: (uploaded) => setProgress((p) => ({ ...p, uploaded: Math.max(p.uploaded, uploaded) })),
      });
      setProgress({ uploaded: 1, processed: answer.total, total: answer.total });
      setResult(answer);
      setPhase('done');
      onImported();
    } catch (err) {
      setPhase('pick');
      showError(err);
    }
  };

  const text = (m: string) => (m === 'duplicated' || m === 'not_a_number' ? t(`import.reasons.${m}`) : validationText(core, m));
  const reason = (e: ContactImportError) => importProblems(e).map((d) => `${d.path ? `${t(`items.columns.${d.path}`, { defaultValue: d.path })}: ` : ''}${text(d.message)}`).join('; ');

  return (
    <Modal
      open={open}
      title={t('import.title')}
      onCancel={phase === 'running' ? undefined : onClose}
      closable={phase !== 'running'}
      maskClosable={false}
      destroyOnHidden
      width={640}
      footer={
        phase === 'done' ? (
          <Button type="primary" onClick={onClose} data-testid="contact-import-close">
            {t('import.close')}
          </Button>
        ) : (
          <Flex justify="flex-end" gap={8}>
            <Button onClick={onClose} disabled={phase === 'running'}>
              {t('cancel')}
            </Button>
            <Button type="primary" onClick={() => void start()} disabled={!file} loading={phase === 'running'} data-testid="contact-import-start">
              {t('import.start')}
            </Button>
          </Flex>
        )
      }
    >
      <Flex vertical gap={12} data-testid="contact-import">
        {phase !== 'done' && (
          <>
            <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
              {t('import.help')}
            </Typography.Paragraph>
            <Flex gap={8} align="center" wrap>
              <Upload accept={CONTACT_IMPORT_EXTENSIONS.join(',')} beforeUpload={pick} showUploadList={false} maxCount={1} disabled={phase === 'running'}>
                <Button icon={<FileExcelOutlined />} data-testid="contact-import-pick">
                  {t('import.pick')}
                </Button>
              </Upload>
              {file && (
                <Typography.Text type="secondary" data-testid="contact-import-file">
                  {file.name}
                </Typography.Text>
              )}
            </Flex>
          </>
        )}
        {phase !== 'pick' && (
          <div>
            <Progress percent={phase === 'done' ? 100 : importPercent(progress)} status={phase === 'running' ? 'active' : 'success'} data-testid="contact-import-progress" />
            {phase === 'running' && (
              <Typography.Text type="secondary">
                {progress.total > 0 ? t('import.processing', { processed: progress.processed, total: progress.total }) : t('import.uploading')}
              </Typography.Text>
            )}
          </div>
        )}
        {result && (
          <>
            <Alert type={result.errors.length ? 'warning' : 'success'} showIcon title={t('import.result', { created: result.created, total: result.total })} data-testid="contact-import-result" />
            {result.errors.length > 0 && (
              <div>
                <Typography.Text strong>{t('import.errorsTitle', { count: result.errors.length })}</Typography.Text>
                <div style={{ maxHeight: 240, overflow: 'auto', marginTop: 8, border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadius }} data-testid="contact-import-errors">
                  {result.errors.map((e) => (
                    <Flex key={`${e.row}-${e.number}`} gap={12} style={{ padding: '4px 8px', borderBottom: `1px solid ${token.colorSplit}` }}>
                      <Typography.Text type="secondary" style={{ width: 48, flex: 'none' }}>
                        {t('import.columns.row')} {e.row}
                      </Typography.Text>
                      <Typography.Text ellipsis style={{ width: 140, flex: 'none' }}>
                        {e.name || '—'}
                      </Typography.Text>
                      <Typography.Text style={{ width: 130, flex: 'none' }}>{e.number || '—'}</Typography.Text>
                      <Typography.Text type="danger">{reason(e)}</Typography.Text>
                    </Flex>
                  ))}
                </div>
              </div>
            )}
          </>
        )}
      </Flex>
    </Modal>
  );
}
