import { useState } from 'react';
import { Button, Empty, Popover, Select, Spin, Typography } from 'antd';
import { FolderOpenOutlined } from '@ant-design/icons';
import { call, useErrorToast, useT, type ZoneWidgetProps } from '@atende/sdk-web';
import { FILE_LIST_ATTACHMENT_KIND, FILES_ENDPOINTS, type FileListName } from '@atende/plugin-files-contract';

/**
 * The quick message dialog's "attach a file list" (issue 38 item 11): pick one of the company's lists;
 * the dialog shows it and saves it as the reply's attachment, which the server checks with this plugin
 * and sends after the reply's text when an agent uses it.
 */
export default function QuickReplyFileListPicker({ context }: ZoneWidgetProps<'quickMessage.modal.attachments'>) {
  const { t } = useT('files');
  const showError = useErrorToast();
  const [open, setOpen] = useState(false);
  const [names, setNames] = useState<FileListName[] | null>(null);
  const current = context.attachment?.kind === FILE_LIST_ATTACHMENT_KIND ? context.attachment.id : undefined;

  const toggle = async (next: boolean) => {
    setOpen(next);
    if (!next) return;
    setNames(null);
    try {
      setNames(await call(FILES_ENDPOINTS.names));
    } catch (err) {
      showError(err);
      setNames([]);
    }
  };

  const content = (
    <div style={{ width: 280 }} data-testid="qm-filelist-popover">
      {names === null ? (
        <Spin />
      ) : names.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('send.none')} data-testid="qm-filelist-empty" />
      ) : (
        <>
          <Select
            showSearch
            autoFocus
            optionFilterProp="label"
            style={{ width: '100%' }}
            placeholder={t('quick.pick')}
            value={current}
            options={names.map((n) => ({ value: n.id, label: n.name }))}
            onChange={(id: number) => {
              context.set({ kind: FILE_LIST_ATTACHMENT_KIND, id, label: names.find((n) => n.id === id)?.name ?? '' });
              setOpen(false);
            }}
            data-testid="qm-filelist-select"
          />
          <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0', fontSize: 12 }}>
            {t('quick.hint')}
          </Typography.Paragraph>
        </>
      )}
    </div>
  );

  return (
    <Popover open={open} onOpenChange={(v) => void toggle(v)} trigger="click" content={content} title={t('quick.attach')}>
      <Button size="small" icon={<FolderOpenOutlined />} data-testid="qm-filelist-attach">
        {t('quick.attach')}
      </Button>
    </Popover>
  );
}
