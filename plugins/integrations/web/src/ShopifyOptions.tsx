import { App, Button, Card, Flex, Form, Input, Select, Typography, Upload, type FormInstance } from 'antd';
import { DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { call, uploadWithProgress } from '@atende/sdk-web';
import { INTEGRATION_ENDPOINTS, type Integration } from '@atende/plugin-integrations-contract';
import { useFlowOptions } from './useFlowOptions.js';

type T = (key: string, vars?: Record<string, unknown>) => string;
type ShopifyOption = Integration['shopifyOptions'][number];

/**
 * Shopify's options (§4 `shopifyOptions`): keywords → an image with its description, or a flow. An option's
 * image is uploaded on its own (POST image-upload with `optionId`), so the option must be saved first
 * (it then has its id); the toasts of §8: the option image's upload and the options' update failing.
 */
export function ShopifyOptions({ t, form, record, onSaved }: { t: T; form: FormInstance; record: Integration | null; onSaved: (i: Integration) => void }) {
  const { message } = App.useApp();
  const flows = useFlowOptions();

  const idAt = (index: number) => form.getFieldValue(['shopifyOptions', index, 'id']) as ShopifyOption['id'] | undefined;

  const upload = async (index: number, file: File) => {
    const id = idAt(index);
    if (!record || id === undefined || id === null || !record.shopifyOptions.some((o) => String(o.id) === String(id))) return void message.warning(t('f.optionSaveFirst'));
    const body = new FormData();
    body.append('typeArch', 'queueIntegration');
    body.append('optionId', String(id));
    body.append('file', file);
    try {
      const saved = await uploadWithProgress<Integration>(INTEGRATION_ENDPOINTS.upload.path.replace(':id', String(record.id)), body);
      onSaved(saved);
      form.setFieldValue(['shopifyOptions', index, 'image'], saved.shopifyOptions.find((o) => String(o.id) === String(id))?.image ?? null);
    } catch {
      void message.error(t('f.optionImageError'));
    }
  };

  /** Clears the stored option's image at once (the server forgets the file); other unsaved edits stay in the form. */
  const removeImage = async (index: number) => {
    const id = idAt(index);
    if (!record) return form.setFieldValue(['shopifyOptions', index, 'image'], null);
    try {
      const saved = await call(INTEGRATION_ENDPOINTS.update, {
        params: { id: record.id },
        body: { shopifyOptions: record.shopifyOptions.map((o) => (String(o.id) === String(id) ? { ...o, image: null } : o)) } as never,
      });
      onSaved(saved);
      form.setFieldValue(['shopifyOptions', index, 'image'], null);
    } catch {
      void message.error(t('f.optionsUpdateError'));
    }
  };

  return (
    <Form.Item label={t('f.options')} extra={t('f.optionsHelp')}>
      <Form.List name="shopifyOptions">
        {(fields, { add, remove }) => (
          <Flex vertical gap={8} data-testid="shopify-options">
            {fields.map((field) => (
              <Card size="small" key={field.key} data-testid={`shopify-option-${field.name}`}>
                <Form.Item name={[field.name, 'id']} hidden>
                  <Input />
                </Form.Item>
                <Form.Item name={[field.name, 'compareVariable']} hidden>
                  <Input />
                </Form.Item>
                <Form.Item name={[field.name, 'image']} hidden>
                  <Input />
                </Form.Item>
                <Form.Item name={[field.name, 'keywords']} label={t('f.optionKeywords')} rules={[{ required: true, whitespace: true, message: t('v.required') }]}>
                  <Input data-testid={`option-keywords-${field.name}`} placeholder="envío, despacho" />
                </Form.Item>
                <Form.Item name={[field.name, 'description']} label={t('f.optionDescription')}>
                  <Input.TextArea rows={2} data-testid={`option-description-${field.name}`} />
                </Form.Item>
                {flows.present !== false && (
                  <Form.Item name={[field.name, 'flowId']} label={t('f.optionFlow')}>
                    <Select allowClear loading={flows.list === null} options={flows.list ?? []} showSearch optionFilterProp="label" />
                  </Form.Item>
                )}
                <Flex gap={8} align="center" wrap>
                  <Form.Item noStyle shouldUpdate>
                    {() => {
                      const image = form.getFieldValue(['shopifyOptions', field.name, 'image']) as string | null | undefined;
                      return image ? (
                        <>
                          <Typography.Text type="secondary" data-testid={`option-image-${field.name}`}>
                            {t('f.optionImage')}: {image.split('/').pop()}
                          </Typography.Text>
                          <Button size="small" icon={<DeleteOutlined />} onClick={() => void removeImage(field.name)}>
                            {t('f.removeImage')}
                          </Button>
                        </>
                      ) : null;
                    }}
                  </Form.Item>
                  <Upload accept=".png,.jpg,.jpeg" showUploadList={false} beforeUpload={(f) => (void upload(field.name, f), false)}>
                    <Button size="small" icon={<UploadOutlined />} data-testid={`option-upload-${field.name}`}>
                      {t('f.optionImage')}
                    </Button>
                  </Upload>
                  <Button size="small" danger icon={<DeleteOutlined />} onClick={() => remove(field.name)} data-testid={`option-remove-${field.name}`}>
                    {t('f.removeOption')}
                  </Button>
                </Flex>
              </Card>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ keywords: '', description: '' })} data-testid="option-add">
              {t('f.addOption')}
            </Button>
          </Flex>
        )}
      </Form.List>
    </Form.Item>
  );
}
