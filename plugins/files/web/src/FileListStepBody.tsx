import { useEffect, useState } from 'react';
import { Alert, Empty, Form, Select, Spin, Typography } from 'antd';
import { call, useT, type FlowNodeEditorProps } from '@atende/sdk-web';
import { FILES_ENDPOINTS, type FileListName } from '@atende/plugin-files-contract';

/**
 * The fields of the flow builder's "file list" step (issue 38 item 11): which list to send. The list's
 * name is kept beside its id for the canvas card; a list deleted since is said so.
 */
export default function FileListStepBody({ value, set }: FlowNodeEditorProps) {
  const { t } = useT('files');
  const [names, setNames] = useState<FileListName[] | null>(null);
  useEffect(() => {
    let live = true;
    call(FILES_ENDPOINTS.names).then(
      (rows) => live && setNames(rows),
      () => live && setNames([]),
    );
    return () => {
      live = false;
    };
  }, []);
  const chosen = typeof value.fileListId === 'number' ? value.fileListId : undefined;

  if (names === null) return <Spin data-testid="flow-filelist-loading" />;
  if (!names.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('send.none')} data-testid="flow-filelist-empty" />;
  return (
    <>
      <Form.Item label={t('flow.list')} required>
        <Select
          showSearch
          optionFilterProp="label"
          placeholder={t('flow.pick')}
          options={names.map((n) => ({ value: n.id, label: n.name }))}
          value={chosen}
          onChange={(id: number) => set({ fileListId: id, name: names.find((n) => n.id === id)?.name ?? '' })}
          data-testid="flow-filelist-select"
        />
      </Form.Item>
      {chosen !== undefined && !names.some((n) => n.id === chosen) && <Alert type="warning" showIcon title={t('flow.missing')} style={{ marginBottom: 12 }} />}
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {t('flow.hint')}
      </Typography.Paragraph>
    </>
  );
}
