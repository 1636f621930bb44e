import { useState } from 'react';
import { App, Button, Empty, Modal, Select, Spin, Tooltip, Typography } from 'antd';
import { FolderOpenOutlined } from '@ant-design/icons';
import { call, useErrorToast, useT, type ZoneWidgetProps } from '@atende/sdk-web';
import { FILES_ENDPOINTS, type FileList, type FileListName } from '@atende/plugin-files-contract';

/**
 * The ticket's attachment tools get "send a file list" (issue 38 item 11): pick one of the company's
 * lists, see what goes (its message and the files), and send it to this conversation. The server
 * checks the ticket is one the user may see.
 */
export default function SendFileListButton({ context }: ZoneWidgetProps<'ticket.input.toolbar'>) {
  const { t } = useT('files');
  const { message } = App.useApp();
  const showError = useErrorToast();
  const [open, setOpen] = useState(false);
  const [names, setNames] = useState<FileListName[] | null>(null);
  const [chosen, setChosen] = useState<FileList | null>(null);
  const [loadingList, setLoadingList] = useState(false);
  const [sending, setSending] = useState(false);

  const openDialog = async () => {
    setOpen(true);
    setChosen(null);
    setNames(null);
    try {
      setNames(await call(FILES_ENDPOINTS.names));
    } catch (err) {
      showError(err);
      setNames([]);
    }
  };
  const choose = async (id: number) => {
    setLoadingList(true);
    try {
      setChosen(await call(FILES_ENDPOINTS.show, { params: { id } }));
    } catch (err) {
      showError(err);
    } finally {
      setLoadingList(false);
    }
  };
  const send = async () => {
    if (!chosen) return;
    setSending(true);
    try {
      const r = await call(FILES_ENDPOINTS.send, { params: { id: chosen.id }, body: { ticketId: context.ticket.id } });
      void message.success(t('send.done', { count: r.sent }));
      setOpen(false);
    } catch (err) {
      showError(err);
    } finally {
      setSending(false);
    }
  };
  const files = chosen?.options.filter((o) => o.path) ?? [];

  return (
    <>
      <Tooltip title={t('send.button')}>
        <Button type="text" icon={<FolderOpenOutlined />} aria-label={t('send.button')} onClick={() => void openDialog()} data-testid="files-send-open" />
      </Tooltip>
      <Modal
        open={open}
        title={t('send.title')}
        okText={t('send.ok')}
        cancelText={t('cancel')}
        onCancel={() => setOpen(false)}
        onOk={() => void send()}
        okButtonProps={{ disabled: !chosen || (!files.length && !chosen.message.trim()), loading: sending, 'data-testid': 'files-send-ok' } as never}
        destroyOnHidden
      >
        {names === null ? (
          <Spin />
        ) : names.length === 0 ? (
          <Empty description={t('send.none')} data-testid="files-send-empty" />
        ) : (
          <>
            <Select
              showSearch
              optionFilterProp="label"
              style={{ width: '100%' }}
              placeholder={t('send.pick')}
              options={names.map((n) => ({ value: n.id, label: n.name }))}
              onChange={(id: number) => void choose(id)}
              data-testid="files-send-select"
            />
            {loadingList ? (
              <Spin style={{ marginTop: 12 }} />
            ) : chosen ? (
              <div style={{ marginTop: 12 }} data-testid="files-send-preview">
                {chosen.message.trim() && <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{chosen.message}</Typography.Paragraph>}
                <Typography.Text type="secondary">{files.length ? t('send.files', { count: files.length, names: files.map((f) => f.name).join(', ') }) : t('send.noFiles')}</Typography.Text>
              </div>
            ) : null}
          </>
        )}
      </Modal>
    </>
  );
}
