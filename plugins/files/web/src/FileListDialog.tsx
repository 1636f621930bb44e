import { useEffect, useState } from 'react';
import { App, Button, Flex, Form, Input, Modal, Progress, Typography, Upload } from 'antd';
import { DeleteOutlined, PaperClipOutlined, PlusOutlined } from '@ant-design/icons';
import { api, applyServerErrors, call, lengthRules, uploadWithProgress, useErrorToast, useT } from '@atende/sdk-web';
import {
  FILE_LIST_MAX_OPTIONS,
  FILE_LIST_MESSAGE_MAX,
  FILE_LIST_NAME_MAX,
  FILE_LIST_NAME_MIN,
  FILE_MEDIA_EXTENSIONS,
  FILE_OPTION_NAME_MAX,
  FILE_UPLOAD_FIELD,
  FILES_ENDPOINTS,
  type FileList,
} from '@atende/plugin-files-contract';
import { checkFile, clientPath, mediaTypeOf } from './fileList.js';

interface Values {
  name: string;
  message: string;
}

/** One option row: its saved id (none for a new one), its label, and a picked file waiting to be sent. */
interface Row {
  key: number;
  id?: number;
  name: string;
  file: File | null;
  /** The saved media's name and path, if any. */
  savedName: string | null;
  path: string | null;
  /** 0..1 while its file uploads. */
  progress: number | null;
  error?: string;
}

let nextKey = 1;
const rowsOf = (f: FileList | null): Row[] =>
  (f?.options ?? []).map((o) => ({ key: nextKey++, id: o.id, name: o.name, file: null, savedName: o.fileName ?? (o.path ? o.name : null), path: o.path, progress: null }));

/** Opens a stored file (behind sign-in, so fetched with the token rather than linked). */
async function openMedia(path: string) {
  const blob = await api.get<Blob>(clientPath(path), { responseType: 'blob' });
  const url = URL.createObjectURL(blob);
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Create or edit a list: name, message and option rows (a name and a file each). The list is saved
 * first, then each picked file goes up on its own with its progress; a failed upload leaves the dialog
 * open on the saved list so it can be tried again.
 */
export function FileListDialog({
  record,
  open,
  onClose,
  onSaved,
  onDone,
}: {
  record: FileList | null;
  open: boolean;
  onClose: () => void;
  onSaved: (f: FileList) => void;
  onDone: () => void;
}) {
  const { t } = useT('files');
  // Validation texts are the shell's (core namespace), shared by every form.
  const { t: core } = useT();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const [form] = Form.useForm<Values>();
  const [rows, setRows] = useState<Row[]>([]);
  const [saving, setSaving] = useState(false);
  const [rowErrors, setRowErrors] = useState<Record<number, string>>({});

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(record ? { name: record.name, message: record.message } : { name: '', message: '' });
    setRows(rowsOf(record));
    setRowErrors({});
    // Only when the dialog opens: a save while it stays open keeps the rows (and their progress).
  }, [open]);

  const patch = (key: number, change: Partial<Row>) => setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...change } : r)));

  const pick = (key: number, f: File) => {
    const problem = checkFile(f);
    if (problem?.problem === 'type') void message.error(t('form.fileType'));
    else if (problem) void message.error(t('form.fileSize', { size: problem.limitMb }));
    else {
      const row = rows.find((r) => r.key === key);
      // An empty label takes the file's name (without extension), the usual wish.
      patch(key, { file: f, progress: null, ...(row && !row.name.trim() ? { name: f.name.replace(/\.[^.]+$/, '').slice(0, FILE_OPTION_NAME_MAX) } : {}) });
    }
    return false;
  };

  const checkRows = (): boolean => {
    const errors: Record<number, string> = {};
    for (const r of rows) if (!r.name.trim()) errors[r.key] = core('validation.required');
    setRowErrors(errors);
    return Object.keys(errors).length === 0;
  };

  const save = async (values: Values) => {
    if (!checkRows()) return;
    setSaving(true);
    try {
      const options = rows.map((r) => ({ ...(r.id ? { id: r.id } : {}), name: r.name.trim() }));
      let saved = record
        ? await call(FILES_ENDPOINTS.update, { params: { id: record.id }, body: { ...values, options } })
        : await call(FILES_ENDPOINTS.create, { body: { ...values, options } });
      // The server keeps the order sent: row i is option i (now with its id).
      const withIds = rows.map((r, i) => ({ ...r, id: saved.options[i]?.id ?? r.id }));
      setRows(withIds);
      onSaved(saved);
      for (const row of withIds) {
        if (!row.file || !row.id) continue;
        const data = new FormData();
        const type = mediaTypeOf(row.file) ?? row.file.type;
        data.append('fileId', String(saved.id));
        data.append('typeArch', 'fileList');
        data.append('mediaType', type);
        data.append('name', row.name.trim());
        data.append('id', String(row.id));
        data.append(FILE_UPLOAD_FIELD, new File([row.file], row.file.name, { type }));
        patch(row.key, { progress: 0 });
        saved = await uploadWithProgress<FileList>(`/files/uploadList/${saved.id}`, data, { onProgress: (p) => patch(row.key, { progress: p }) });
        const option = saved.options.find((o) => o.id === row.id);
        patch(row.key, { file: null, progress: null, savedName: option?.fileName ?? row.file.name, path: option?.path ?? null });
        onSaved(saved);
      }
      void message.success(t('saved'));
      onDone();
    } catch (err) {
      setRows((rs) => rs.map((r) => ({ ...r, progress: null })));
      if (!applyServerErrors(form, err, core)) showError(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={record ? t('editTitle') : t('add')}
      onCancel={onClose}
      okText={t('save')}
      cancelText={t('cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      destroyOnHidden
      width={640}
      okButtonProps={{ 'data-testid': 'file-save' } as Record<`data-${string}`, string>}
    >
      <Form form={form} layout="vertical" onFinish={save} data-testid="file-form">
        <Form.Item name="name" label={t('form.name')} rules={lengthRules(core, FILE_LIST_NAME_MIN, FILE_LIST_NAME_MAX)}>
          <Input maxLength={FILE_LIST_NAME_MAX} data-testid="file-name" />
        </Form.Item>
        <Form.Item name="message" label={t('form.message')} rules={[{ required: true, whitespace: true, message: core('validation.required') }]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} maxLength={FILE_LIST_MESSAGE_MAX} data-testid="file-message" />
        </Form.Item>
        <Form.Item label={t('form.options')} extra={t('form.help')}>
          <Flex vertical gap={8}>
            {rows.map((row, index) => (
              <Flex key={row.key} vertical gap={4} data-testid={`file-option-${index}`}>
                <Flex gap={8} align="center" wrap>
                  <Input
                    style={{ flex: '1 1 180px' }}
                    placeholder={t('form.optionName')}
                    value={row.name}
                    maxLength={FILE_OPTION_NAME_MAX}
                    status={rowErrors[row.key] ? 'error' : undefined}
                    onChange={(e) => patch(row.key, { name: e.target.value })}
                    data-testid="file-option-name"
                  />
                  <Upload accept={FILE_MEDIA_EXTENSIONS.join(',')} beforeUpload={(f) => pick(row.key, f)} showUploadList={false} maxCount={1}>
                    <Button icon={<PaperClipOutlined />} data-testid="file-option-attach">
                      {row.file || row.savedName ? t('form.replace') : t('form.attach')}
                    </Button>
                  </Upload>
                  <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('form.removeOption')} onClick={() => setRows((rs) => rs.filter((r) => r.key !== row.key))} />
                </Flex>
                <Flex gap={8} align="center" wrap>
                  {row.file ? (
                    <Typography.Text type="secondary" data-testid="file-option-picked">
                      {row.file.name}
                    </Typography.Text>
                  ) : row.path ? (
                    <Typography.Link onClick={() => void openMedia(row.path!).catch(showError)} data-testid="file-option-media">
                      {row.savedName ?? t('form.open')}
                    </Typography.Link>
                  ) : (
                    <Typography.Text type="secondary">{t('form.noFile')}</Typography.Text>
                  )}
                  {rowErrors[row.key] && <Typography.Text type="danger">{rowErrors[row.key]}</Typography.Text>}
                </Flex>
                {row.progress !== null && <Progress percent={Math.round(row.progress * 100)} size="small" aria-label={t('form.uploading', { name: row.file?.name ?? '' })} data-testid="file-option-progress" />}
              </Flex>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              disabled={rows.length >= FILE_LIST_MAX_OPTIONS}
              onClick={() => setRows((rs) => [...rs, { key: nextKey++, name: '', file: null, savedName: null, path: null, progress: null }])}
              data-testid="file-add-option"
            >
              {t('form.addOption')}
            </Button>
          </Flex>
        </Form.Item>
      </Form>
    </Modal>
  );
}
