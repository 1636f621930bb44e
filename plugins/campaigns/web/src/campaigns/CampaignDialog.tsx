import { useEffect, useMemo, useState } from 'react';
import { Alert, App, Badge, Button, Card, Col, Flex, Form, Input, InputNumber, Modal, Radio, Row, Select, Tabs, Typography, Upload, theme } from 'antd';
import { DeleteOutlined, PaperClipOutlined } from '@ant-design/icons';
import { api, applyServerErrors, call, lengthRules, uploadWithProgress, useConfirm, useCurrentUser, useErrorToast, useT } from '@atende/sdk-web';
import {
  CAMPAIGN_ENDPOINTS,
  CAMPAIGN_MAX_CONTACTS,
  CAMPAIGN_MEDIA_MAX_BYTES,
  CAMPAIGN_MEDIA_TYPES,
  CAMPAIGN_MESSAGE_MAX,
  CAMPAIGN_NAME_MAX,
  CAMPAIGN_NAME_MIN,
  CONTACT_LIST_ENDPOINTS,
  type Campaign,
} from '@atende/plugin-campaigns-contract';
import { defaultLocalInput, filled, formMode, isImage, previewText, recipientCount, saveCampaign, toLocalInput, toScheduledAt } from './campaigns.js';

const MESSAGES = ['message1', 'message2', 'message3', 'message4', 'message5'] as const;

interface Values {
  name: string;
  message1?: string;
  message2?: string;
  message3?: string;
  message4?: string;
  message5?: string;
  recipientType: 'tags' | 'contacts';
  contactListId?: number | null;
  tagId?: number | null;
  addTagId?: number | null;
  removeTagId?: number | null;
  whatsappId?: number | null;
  scheduleType: 'now' | 'schedule' | 'draft';
  scheduledAt?: string;
  maxContacts?: number | null;
}
type Option = { value: number; label: string; count?: number };

/**
 * Create or edit a campaign (§3–§5): name, up to five message variants (any {name}, {number} or
 * settings variable), media, recipients by contact list or by tag, tags to add and remove after
 * delivery, connection, send now / schedule / keep as draft, and the contact cap. §4 editability:
 * everything while INATIVA or PROGRAMADA more than an hour away; only the messages when CANCELADA;
 * otherwise read-only.
 */
export function CampaignDialog({ record, open, onClose, onSaved }: { record: Campaign | null; open: boolean; onClose: () => void; onSaved: (c: Campaign) => void }) {
  const { t, i18n } = useT('campaigns');
  const { t: core } = useT();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const { token } = theme.useToken();
  const showError = useErrorToast();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [dropMedia, setDropMedia] = useState(false);
  const [lists, setLists] = useState<Option[]>([]);
  const [tags, setTags] = useState<Option[]>([]);
  const [connections, setConnections] = useState<Option[]>([]);
  const recipientType = Form.useWatch('recipientType', form);
  const scheduleType = Form.useWatch('scheduleType', form);
  const texts = MESSAGES.map((k) => Form.useWatch(k, form) as string | undefined);
  const [tab, setTab] = useState<(typeof MESSAGES)[number]>('message1');
  // scheduledAt is a wall time of the company's zone (the session tells which).
  const timeZone = useCurrentUser()?.company.timeZone ?? 'America/Lima';
  const mode = formMode(record, timeZone);
  const locked = mode !== 'all';

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({
      name: record?.name ?? '',
      ...Object.fromEntries(MESSAGES.map((k) => [k, record?.[k] ?? ''])),
      recipientType: record?.recipientType ?? 'contacts',
      contactListId: record?.contactListId ?? null,
      tagId: record?.tagId ?? null,
      addTagId: record?.addTagId ?? null,
      removeTagId: record?.removeTagId ?? null,
      whatsappId: record?.whatsappId ?? null,
      // A new campaign is scheduled by default: "send now" reaches the whole list at once and asks first.
      scheduleType: record?.scheduleType ?? (record ? 'draft' : 'schedule'),
      scheduledAt: record?.scheduledAt ? toLocalInput(record.scheduledAt) : defaultLocalInput(timeZone),
      maxContacts: record?.maxContacts ?? null,
    });
    setFile(null);
    setDropMedia(false);
    setTab('message1');
    void call(CONTACT_LIST_ENDPOINTS.names, {})
      .then((l) => setLists(l.map((x) => ({ value: x.id, label: `${x.name} (${x.contactsCount})`, count: x.contactsCount }))))
      .catch(showError);
    void api
      .get<{ id: number; name: string }[]>('/tags/list')
      .then((l) => setTags(l.map((x) => ({ value: x.id, label: x.name }))))
      .catch(showError);
    void api
      .get<{ id: number; name: string }[]>('/whatsapp')
      .then((l) => setConnections(l.map((x) => ({ value: x.id, label: x.name }))))
      .catch(showError);
  }, [open, record]);

  /** "Send now" goes out to every recipient at once: say how many and ask (issue 38 item 6). */
  const confirmNow = async (v: Values) => {
    if (mode !== 'all' || v.scheduleType !== 'now') return true;
    const count = v.recipientType === 'contacts' ? recipientCount(lists.find((l) => l.value === v.contactListId)?.count, v.maxContacts) : null;
    const tag = tags.find((x) => x.value === v.tagId)?.label ?? '';
    return confirm({
      title: count === null ? t('form.confirmNowTag', { tag }) : t('form.confirmNow', { count, n: count.toLocaleString(i18n.language) }),
      content: t('form.confirmNowHelp'),
      okText: t('form.sendNow'),
    });
  };

  const save = async (v: Values) => {
    if (!(await confirmNow(v))) return;
    setSaving(true);
    try {
      const messages = Object.fromEntries(MESSAGES.map((k) => [k, v[k]?.trim() ? v[k] : null]));
      const full = {
              name: v.name,
              ...messages,
              recipientType: v.recipientType,
              // §4: tags clear the list, contacts clear the tag.
              contactListId: v.recipientType === 'contacts' ? (v.contactListId ?? null) : null,
              tagId: v.recipientType === 'tags' ? (v.tagId ?? null) : null,
              addTagId: v.addTagId ?? null,
              removeTagId: v.removeTagId ?? null,
              whatsappId: v.whatsappId ?? null,
              scheduleType: v.scheduleType === 'draft' ? null : v.scheduleType,
              // §4: "now" clears the time.
              scheduledAt: v.scheduleType === 'schedule' ? toScheduledAt(v.scheduledAt ?? '') : null,
              maxContacts: v.maxContacts ?? null,
            };
      const body = mode === 'messages' ? messages : full;
      const saved = await saveCampaign<Campaign>(
        { record: record ?? null, hasFile: !!file, dropMedia, body, full },
        {
          create: (b) => call(CAMPAIGN_ENDPOINTS.create, { body: b as typeof full }),
          update: (id, b) => call(CAMPAIGN_ENDPOINTS.update, { params: { id }, body: b }),
          upload: (id) => {
            const data = new FormData();
            data.append('file', file!);
            return uploadWithProgress<Campaign>(`/campaigns/${id}/media-upload`, data);
          },
          removeMedia: (id) => call(CAMPAIGN_ENDPOINTS.mediaRemove, { params: { id } }),
        },
      );
      void message.success(t('campaigns.saved'));
      onSaved(saved);
    } catch (err) {
      if (!applyServerErrors(form, err, core)) showError(err);
    } finally {
      setSaving(false);
    }
  };

  const pickFile = (f: File) => {
    if (!(CAMPAIGN_MEDIA_TYPES as readonly string[]).includes(f.type)) void message.error(t('form.wrongType'));
    else if (f.size > CAMPAIGN_MEDIA_MAX_BYTES) void message.error(t('form.tooLarge'));
    else {
      setFile(f);
      setDropMedia(false);
    }
    return false;
  };
  const mediaName = file?.name ?? (!dropMedia ? record?.mediaName : null);
  // The picked file (not yet uploaded) previews from memory; a saved one from its URL.
  const picked = useMemo(() => (file && isImage(file.type) ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => void (picked && URL.revokeObjectURL(picked)), [picked]);
  const preview = picked ?? (!file && !dropMedia && isImage(record?.mediaPath) ? record!.mediaPath : null);

  return (
    <Modal
      open={open}
      width={760}
      title={record ? t('campaigns.editTitle') : t('campaigns.add')}
      onCancel={onClose}
      okText={t('save')}
      cancelText={t('cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      destroyOnHidden
      okButtonProps={{ disabled: mode === 'none', ...({ 'data-testid': 'campaign-save' } as Record<`data-${string}`, string>) }}
    >
      {mode === 'none' && <Alert type="info" showIcon message={t('form.readOnly')} style={{ marginBottom: 12 }} />}
      {mode === 'messages' && <Alert type="info" showIcon message={t('form.messagesOnly')} style={{ marginBottom: 12 }} />}
      <Form form={form} layout="vertical" onFinish={save} disabled={mode === 'none'}>
        <Row gutter={12}>
          <Col xs={24} md={12}>
            <Form.Item name="name" label={t('form.name')} rules={lengthRules(core, CAMPAIGN_NAME_MIN, CAMPAIGN_NAME_MAX)}>
              <Input maxLength={CAMPAIGN_NAME_MAX} disabled={locked} data-testid="campaign-name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="whatsappId" label={t('form.whatsapp')}>
              <Select allowClear options={connections} disabled={locked} data-testid="campaign-whatsapp" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="recipientType" label={t('form.recipientType')}>
              <Radio.Group
                disabled={locked}
                options={[
                  { value: 'contacts', label: t('form.byList') },
                  { value: 'tags', label: t('form.byTag') },
                ]}
                onChange={(e) => form.setFieldsValue(e.target.value === 'tags' ? { contactListId: null } : { tagId: null })}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            {recipientType === 'tags' ? (
              <Form.Item name="tagId" label={t('form.tag')}>
                <Select allowClear options={tags} disabled={locked} data-testid="campaign-tag" />
              </Form.Item>
            ) : (
              <Form.Item name="contactListId" label={t('form.contactList')}>
                <Select allowClear options={lists} disabled={locked} data-testid="campaign-list" />
              </Form.Item>
            )}
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="addTagId" label={t('form.addTag')}>
              <Select allowClear placeholder={t('form.none')} options={tags} disabled={locked} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="removeTagId" label={t('form.removeTag')}>
              <Select allowClear placeholder={t('form.none')} options={tags} disabled={locked} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="maxContacts" label={t('form.maxContacts')} extra={t('form.maxContactsHelp')}>
              <InputNumber min={1} max={CAMPAIGN_MAX_CONTACTS} precision={0} style={{ width: '100%' }} disabled={locked} data-testid="campaign-max" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="scheduleType" label={t('form.scheduleType')}>
              <Radio.Group
                disabled={locked}
                options={[
                  { value: 'now', label: t('form.now') },
                  { value: 'schedule', label: t('form.schedule') },
                  { value: 'draft', label: t('form.draft') },
                ]}
                data-testid="campaign-schedule-type"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            {scheduleType === 'schedule' && (
              <Form.Item name="scheduledAt" label={t('form.scheduledAt')} rules={[{ required: true, message: t('form.required') }]} extra={<span data-testid="campaign-zone">{t('form.zone', { zone: timeZone })}</span>}>
                <Input type="datetime-local" disabled={locked} data-testid="campaign-scheduled-at" />
              </Form.Item>
            )}
          </Col>
        </Row>
        <Typography.Text type="secondary">{t('form.variablesHelp')}</Typography.Text>
        <Tabs
          size="small"
          activeKey={tab}
          onChange={(k) => setTab(k as (typeof MESSAGES)[number])}
          items={MESSAGES.map((k, i) => ({
            key: k,
            // A filled variant shows a green dot, an empty one a grey one: no need to open each tab.
            label: (
              <span data-testid={`campaign-tab-${k}`} data-filled={filled(texts[i]) ? 'true' : 'false'}>
                <Badge status={filled(texts[i]) ? 'success' : 'default'} style={{ marginInlineEnd: 6 }} />
                {t('form.message', { n: i + 1 })}
                <span style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>{filled(texts[i]) ? ` (${t('form.filled')})` : ` (${t('form.empty')})`}</span>
              </span>
            ),
            forceRender: true,
            children: (
              <Form.Item name={k} rules={[{ max: CAMPAIGN_MESSAGE_MAX, message: core('validation.too_long', { defaultValue: 'too long' }) }]}>
                <Input.TextArea rows={4} maxLength={CAMPAIGN_MESSAGE_MAX} disabled={mode === 'none'} data-testid={`campaign-${k}`} />
              </Form.Item>
            ),
          }))}
        />
        <Flex align="center" gap={8} wrap>
          <Upload accept={CAMPAIGN_MEDIA_TYPES.join(',')} showUploadList={false} beforeUpload={pickFile} disabled={locked}>
            <Button icon={<PaperClipOutlined />} disabled={locked}>
              {t('form.media')}
            </Button>
          </Upload>
          {mediaName && (
            <>
              <Typography.Text ellipsis style={{ maxWidth: 320 }}>
                {mediaName}
              </Typography.Text>
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('delete')}
                disabled={locked}
                onClick={() => {
                  setFile(null);
                  setDropMedia(true);
                }}
              />
            </>
          )}
        </Flex>
        <Preview text={texts[MESSAGES.indexOf(tab)] ?? ''} image={preview} label={t('form.preview', { n: MESSAGES.indexOf(tab) + 1 })} empty={t('form.previewEmpty')} bubble={token.colorSuccessBg} />
      </Form>
    </Modal>
  );
}

/** The selected variant as a contact would see it: the image above the text, {name}/{number} filled with a sample. */
function Preview({ text, image, label, empty, bubble }: { text: string; image: string | null; label: string; empty: string; bubble: string }) {
  const body = previewText(text, { name: 'Ana', number: '51987654321' });
  return (
    <Card size="small" title={label} style={{ marginTop: 12 }} data-testid="campaign-preview">
      <div style={{ maxWidth: 320, background: bubble, borderRadius: 8, padding: 6 }}>
        {image && <img src={image} alt="" style={{ display: 'block', maxWidth: '100%', maxHeight: 220, borderRadius: 6, marginBottom: body ? 6 : 0 }} data-testid="campaign-preview-image" />}
        {body ? (
          <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }} data-testid="campaign-preview-text">
            {body}
          </Typography.Paragraph>
        ) : (
          !image && <Typography.Text type="secondary">{empty}</Typography.Text>
        )}
      </div>
    </Card>
  );
}
