import { useEffect, useState } from 'react';
import { App, Button, Empty, Flex, Form, Image, Input, List, Modal, Select, Spin, Tabs, Tag, Upload } from 'antd';
import { DeleteOutlined, DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { ApiError, call, useConfirm, useErrorToast, useT } from '@atende/sdk-web';
import { AI_ENDPOINTS, IMAGE_QUALITY_OPTIONS, IMAGE_SIZE_OPTIONS, type ImageItem } from '@atende/plugin-ai-contract';

const readBase64 = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error);
    r.readAsDataURL(file);
  });

/** The image generator (commercial-admin §2): Generate (prompt 10–5000, quality, size, optional reference) and History. */
export default function ImagesDialog({ onClose }: { onClose: () => void }) {
  const { t } = useT('ai');
  const { message } = App.useApp();
  const showError = useErrorToast();
  const confirm = useConfirm();
  const [form] = Form.useForm<{ prompt: string; quality: string; size: string }>();
  const [reference, setReference] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [history, setHistory] = useState<ImageItem[] | null>(null);
  const [previews, setPreviews] = useState<Record<number, string>>({});
  const prompt = Form.useWatch('prompt', form) ?? '';

  const loadHistory = () =>
    call(AI_ENDPOINTS.images).then(
      (r) => setHistory(r.data),
      () => {
        setHistory([]);
        void message.error(t('images.historyError'));
      },
    );
  useEffect(() => void loadHistory(), []);
  // Images are served behind the bearer token: fetched as blobs, shown from object URLs.
  useEffect(() => {
    for (const item of history ?? []) {
      if (item.status !== 'completed' || previews[item.id]) continue;
      call(AI_ENDPOINTS.downloadImage, { params: { id: item.id } }).then((blob) => setPreviews((p) => ({ ...p, [item.id]: URL.createObjectURL(blob as Blob) })), () => undefined);
    }
  }, [history]);

  const generate = async (v: { prompt: string; quality: string; size: string }) => {
    setBusy(true);
    try {
      const costs = (await call(AI_ENDPOINTS.costs)).data;
      const shape = v.size === '1536x1024' ? 'Horizontal' : v.size === '1024x1536' ? 'Vertical' : 'Square';
      const q = v.quality === 'low' ? 'Low' : v.quality === 'high' ? 'High' : 'Medium';
      const needed = costs[`image${shape}${q}` as keyof typeof costs];
      const check = (await call(AI_ENDPOINTS.check, { body: { amount: needed } })).data;
      if (!check.hasCredits) {
        void message.error(t('images.insufficient', { needed, balance: check.balance }));
        return;
      }
      const referenceImage = reference ? await readBase64(reference) : undefined;
      await call(AI_ENDPOINTS.generateImage, { body: { prompt: v.prompt, model: 'gpt-image-1', quality: v.quality as 'auto', size: v.size as 'auto', referenceImage } });
      void message.success(t('images.done'));
      form.resetFields(['prompt']);
      setReference(null);
      await loadHistory();
    } catch (err) {
      if (err instanceof ApiError && err.code === 'ERR_INSUFFICIENT_CREDITS') void message.error(t('images.insufficientShort'));
      else showError(err);
      await loadHistory();
    } finally {
      setBusy(false);
    }
  };

  const download = async (item: ImageItem) => {
    try {
      const blob = (await call(AI_ENDPOINTS.downloadImage, { params: { id: item.id } })) as Blob;
      const a = document.createElement('a');
      a.href = URL.createObjectURL(blob);
      a.download = `imagen-${item.id}.png`;
      a.click();
      // Let go of the blob once the browser has taken the download (revoking at once can cancel it).
      const href = a.href;
      setTimeout(() => URL.revokeObjectURL(href), 30_000);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) void message.error(t('images.sessionExpired'));
      else void message.error(t('images.downloadError'));
    }
  };

  const remove = async (item: ImageItem) => {
    if (!(await confirm({ title: t('images.deleteTitle'), okText: t('delete') }))) return;
    try {
      await call(AI_ENDPOINTS.removeImage, { params: { id: item.id } });
      setHistory((h) => h?.filter((i) => i.id !== item.id) ?? h);
    } catch {
      void message.error(t('images.deleteError'));
    }
  };

  return (
    <Modal open title={t('images.title')} onCancel={onClose} footer={null} width={900}>
      <Tabs
        items={[
          {
            key: 'generate',
            label: t('images.generateTab'),
            children: (
              <Form form={form} layout="vertical" onFinish={generate} initialValues={{ quality: 'auto', size: 'auto', prompt: '' }}>
                <Form.Item
                  name="prompt"
                  label={t('images.prompt')}
                  extra={`${prompt.length}/5000`}
                  rules={[
                    { required: true, message: 'El prompt es requerido' },
                    { min: 10, message: 'El prompt debe tener al menos 10 caracteres' },
                    { max: 5000, message: 'El prompt no puede exceder 5000 caracteres' },
                  ]}
                >
                  <Input.TextArea rows={4} maxLength={5000} data-testid="ai-image-prompt" />
                </Form.Item>
                <Flex gap={12}>
                  <Form.Item name="quality" label={t('images.quality')} style={{ flex: 1 }}>
                    <Select options={IMAGE_QUALITY_OPTIONS.map((q) => ({ value: q, label: t(`images.q.${q}`) }))} />
                  </Form.Item>
                  <Form.Item name="size" label={t('images.size')} style={{ flex: 1 }}>
                    <Select options={IMAGE_SIZE_OPTIONS.map((s) => ({ value: s, label: s === 'auto' ? t('images.q.auto') : s }))} />
                  </Form.Item>
                </Flex>
                <Form.Item label={t('images.reference')} extra={t('images.referenceHint')}>
                  <Upload
                    accept="image/*"
                    maxCount={1}
                    beforeUpload={(file) => {
                      if (!file.type.startsWith('image/')) {
                        void message.error(t('images.notImage'));
                        return Upload.LIST_IGNORE;
                      }
                      setReference(file);
                      return false;
                    }}
                    onRemove={() => setReference(null)}
                  >
                    <Button icon={<UploadOutlined />}>{t('images.pick')}</Button>
                  </Upload>
                </Form.Item>
                <Button type="primary" htmlType="submit" loading={busy} data-testid="ai-image-generate">
                  {reference ? t('images.edit') : t('images.generate')}
                </Button>
              </Form>
            ),
          },
          {
            key: 'history',
            label: `${t('images.historyTab')} (${history?.length ?? 0})`,
            children: !history ? (
              <Spin />
            ) : (
              <List
                dataSource={history}
                locale={{ emptyText: <Empty description={t('images.empty')} /> }}
                renderItem={(item) => (
                  <List.Item
                    actions={[
                      item.status === 'completed' && <Button key="d" type="text" icon={<DownloadOutlined />} aria-label={t('images.download')} onClick={() => void download(item)} />,
                      <Button key="x" type="text" danger icon={<DeleteOutlined />} aria-label={t('delete')} onClick={() => void remove(item)} />,
                    ].filter(Boolean)}
                  >
                    <List.Item.Meta
                      avatar={previews[item.id] ? <Image width={64} src={previews[item.id]} /> : null}
                      title={item.prompt}
                      description={
                        <Flex gap={8} wrap>
                          <Tag color={item.status === 'completed' ? 'success' : item.status === 'error' ? 'error' : 'processing'}>{t(`images.status.${item.status}`)}</Tag>
                          <span>{item.size} · {t(`images.q.${item.quality}`)} · {t('credits.balance', { count: item.creditsConsumed })}</span>
                          {item.errorMessage && <span>{item.errorMessage}</span>}
                        </Flex>
                      }
                    />
                  </List.Item>
                )}
              />
            ),
          },
        ]}
      />
    </Modal>
  );
}
