import { QUEUE_OPTION_ENDPOINTS } from '@atende/core-contract';
import { useEffect, useState } from 'react';
import { Button, Empty, Flex, Form, Input, Popconfirm, Spin, Typography, theme } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { QueueOptionDto } from '@atende/core-contract';
import { applyServerErrors, useErrorToast, useT, call } from '@atende/sdk-web';

const ROOT = -1;
const byNumber = (a: QueueOptionDto, b: QueueOptionDto) => Number(a.option) - Number(b.option) || a.id - b.id;
/** The next free option number of a level (1 for the first). */
export const nextOptionNumber = (siblings: readonly QueueOptionDto[]) => String(siblings.reduce((m, o) => Math.max(m, Number(o.option) || 0), 0) + 1);

/**
 * The queue's options tree (/api/queue-options): the bot offers a level's options as a numbered
 * menu once the queue is chosen. Each option switches between display and edit (core-operations §4);
 * changes are saved one option at a time.
 */
export function QueueOptionsEditor({ queueId }: { queueId: number }) {
  const { t } = useT();
  return (
    <Flex vertical gap={12} data-testid="queue-options">
      <Typography.Text type="secondary">{t('queues.options.hint')}</Typography.Text>
      <OptionLevel queueId={queueId} parentId={ROOT} depth={0} />
    </Flex>
  );
}

interface Draft {
  option: string;
  title: string;
  message: string;
}

function OptionLevel({ queueId, parentId, depth }: { queueId: number; parentId: number; depth: number }) {
  const { t } = useT();
  const showError = useErrorToast();
  const [options, setOptions] = useState<QueueOptionDto[] | null>(null);
  const [adding, setAdding] = useState(false);

  useEffect(() => {
    let alive = true;
    call(QUEUE_OPTION_ENDPOINTS.list, { query: { queueId, parentId } }).then(
      (rows) => alive && setOptions([...rows].sort(byNumber)),
      (err: unknown) => {
        if (!alive) return;
        setOptions([]);
        showError(err);
      },
    );
    return () => {
      alive = false;
    };
  }, [queueId, parentId]);

  if (!options) return <Spin size="small" />;
  const key = parentId === ROOT ? 'root' : String(parentId);
  const replace = (o: QueueOptionDto) => setOptions((old) => (old ?? []).filter((x) => x.id !== o.id).concat(o).sort(byNumber));

  return (
    <Flex vertical gap={8} data-testid={`queue-options-level-${key}`}>
      {options.length === 0 && depth === 0 && !adding && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('queues.options.empty')} />}
      {options.map((o) => (
        <OptionNode
          key={o.id}
          option={o}
          siblings={options}
          depth={depth}
          onSaved={replace}
          onDeleted={() => setOptions((old) => (old ?? []).filter((x) => x.id !== o.id))}
        />
      ))}
      {adding ? (
        <OptionForm
          siblings={options}
          initial={{ option: nextOptionNumber(options), title: '', message: '' }}
          onCancel={() => setAdding(false)}
          onSubmit={async (d) => {
            const created = await call(QUEUE_OPTION_ENDPOINTS.create, { body: { queueId, parentId: parentId === ROOT ? null : parentId, ...d } });
            replace(created);
            setAdding(false);
          }}
        />
      ) : (
        <div>
          <Button size="small" type={depth === 0 ? 'dashed' : 'link'} icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid={`queue-option-add-${key}`}>
            {depth === 0 ? t('queues.options.add') : t('queues.options.addSub')}
          </Button>
        </div>
      )}
    </Flex>
  );
}

function OptionNode({
  option,
  siblings,
  depth,
  onSaved,
  onDeleted,
}: {
  option: QueueOptionDto;
  siblings: QueueOptionDto[];
  depth: number;
  onSaved: (o: QueueOptionDto) => void;
  onDeleted: () => void;
}) {
  const { t } = useT();
  const { token } = theme.useToken();
  const showError = useErrorToast();
  const [editing, setEditing] = useState(false);

  const remove = async () => {
    try {
      await call(QUEUE_OPTION_ENDPOINTS.remove, { params: { id: option.id } });
      onDeleted();
    } catch (err) {
      showError(err);
    }
  };

  return (
    <div
      style={{ border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadius, padding: 8, background: depth % 2 ? token.colorFillQuaternary : token.colorBgContainer }}
      data-testid={`queue-option-${option.id}`}
    >
      {editing ? (
        <OptionForm
          siblings={siblings.filter((s) => s.id !== option.id)}
          initial={{ option: option.option, title: option.title, message: option.message }}
          onCancel={() => setEditing(false)}
          onSubmit={async (d) => {
            const saved = await call(QUEUE_OPTION_ENDPOINTS.update, { params: { id: option.id }, body: { queueId: option.queueId, parentId: option.parentId, ...d } });
            onSaved(saved);
            setEditing(false);
          }}
        />
      ) : (
        <Flex justify="space-between" align="start" gap={8}>
          <Flex vertical style={{ minWidth: 0 }}>
            <Typography.Text strong data-testid="queue-option-label">
              {option.option}. {option.title}
            </Typography.Text>
            {option.message && (
              <Typography.Text type="secondary" style={{ whiteSpace: 'pre-wrap' }}>
                {option.message}
              </Typography.Text>
            )}
          </Flex>
          <Flex gap={4}>
            <Button size="small" type="text" icon={<EditOutlined />} aria-label={t('common.edit')} onClick={() => setEditing(true)} data-testid={`queue-option-edit-${option.id}`} />
            <Popconfirm
              title={t('queues.options.confirmDelete', { title: option.title })}
              description={t('queues.options.confirmDeleteText')}
              okText={t('common.delete')}
              cancelText={t('common.cancel')}
              okButtonProps={{ danger: true, 'data-testid': 'queue-option-delete-confirm' }}
              onConfirm={() => remove()}
            >
              <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} data-testid={`queue-option-delete-${option.id}`} />
            </Popconfirm>
          </Flex>
        </Flex>
      )}
      <div style={{ marginTop: 8, paddingInlineStart: 16, borderInlineStart: `2px solid ${token.colorBorderSecondary}` }}>
        <OptionLevel queueId={option.queueId} parentId={option.id} depth={depth + 1} />
      </div>
    </div>
  );
}

function OptionForm({
  initial,
  siblings,
  onSubmit,
  onCancel,
}: {
  initial: Draft;
  siblings: QueueOptionDto[];
  onSubmit: (d: Draft) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useT();
  const showError = useErrorToast();
  const [form] = Form.useForm<Draft>();
  const [saving, setSaving] = useState(false);

  const submit = async (d: Draft) => {
    setSaving(true);
    try {
      await onSubmit({ option: d.option.trim(), title: d.title.trim(), message: d.message ?? '' });
    } catch (err) {
      applyServerErrors(form, err, t);
      showError(err); // what was typed stays in the form
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<Draft> form={form} layout="vertical" requiredMark={false} initialValues={initial} onFinish={(d) => void submit(d)} data-testid="queue-option-form">
      <Flex gap={8} wrap>
        <Form.Item
          name="option"
          label={t('queues.options.number')}
          style={{ flex: '0 0 110px', marginBottom: 8 }}
          rules={[
            { required: true, message: t('validation.required') },
            { pattern: /^\d{1,3}$/, message: t('queues.options.numberInvalid') },
            {
              // Two options with one number would make the bot's menu ambiguous.
              validator: (_, v: string | undefined) =>
                v && siblings.some((s) => Number(s.option) === Number(v)) ? Promise.reject(new Error(t('queues.options.numberUsed'))) : Promise.resolve(),
            },
          ]}
        >
          <Input inputMode="numeric" maxLength={3} data-testid="queue-option-number" />
        </Form.Item>
        <Form.Item
          name="title"
          label={t('queues.options.title')}
          style={{ flex: '1 1 200px', marginBottom: 8 }}
          rules={[
            { required: true, whitespace: true, message: t('validation.required') },
            { max: 100, message: t('validation.too_long') },
          ]}
        >
          <Input maxLength={100} data-testid="queue-option-title" />
        </Form.Item>
      </Flex>
      <Form.Item name="message" label={t('queues.options.message')} style={{ marginBottom: 8 }}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={5000} data-testid="queue-option-message" />
      </Form.Item>
      <Flex gap={8} justify="end">
        <Button size="small" onClick={onCancel} disabled={saving} data-testid="queue-option-cancel">
          {t('common.cancel')}
        </Button>
        <Button size="small" type="primary" htmlType="submit" loading={saving} data-testid="queue-option-save">
          {t('common.save')}
        </Button>
      </Flex>
    </Form>
  );
}
