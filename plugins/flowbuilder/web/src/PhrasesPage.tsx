import { useState } from 'react';
import { App, Button, Card, Empty, Flex, Form, Input, Modal, Select, Switch, Table, Tag } from 'antd';
import { ThunderboltOutlined } from '@ant-design/icons';
import { applyServerErrors, call, useErrorToast, useT } from '@atende/sdk-web';
import { FLOW_CAMPAIGN_ENDPOINTS, type FlowCampaign } from '@atende/plugin-flowbuilder-contract';
import { loadConnections, loadFlows, useChoices } from './options.js';
import { ListHeader, RowActions, useRecords } from './records.js';

interface Values {
  name: string;
  flowId?: number;
  whatsappId?: number | null;
  phrase: string;
  status: boolean;
  repeat: boolean;
}

/** Phrase triggers, Activadores (§2): name, status, edit and delete; the Activador button opens the dialog. */
export default function PhrasesPage() {
  const { t } = useT('flowbuilder');
  const { message } = App.useApp();
  const [editing, setEditing] = useState<{ row: FlowCampaign | null } | null>(null);
  const { rows, upsert, remove } = useRecords(
    async () => (await call(FLOW_CAMPAIGN_ENDPOINTS.list)).flow,
    (id) => call(FLOW_CAMPAIGN_ENDPOINTS.remove, { params: { id } }),
    (row) => t('phrases.deleteTitle', { name: row.name }),
  );

  return (
    <Card data-testid="phrases-page">
      <ListHeader
        title={t('phrases.title')}
        action={
          <Button type="primary" icon={<ThunderboltOutlined />} onClick={() => setEditing({ row: null })} data-testid="phrases-add">
            {t('phrases.add')}
          </Button>
        }
      />
      <Table<FlowCampaign>
        rowKey="id"
        loading={!rows}
        dataSource={rows ?? []}
        pagination={false}
        locale={{ emptyText: <Empty description={t('phrases.empty')} /> }}
        onRow={(row) => ({ 'data-testid': `phrase-row-${row.id}` }) as object}
        columns={[
          { title: t('phrases.name'), dataIndex: 'name' },
          { title: t('phrases.status'), key: 'status', width: 140, render: (_, row) => <Tag color={row.status ? 'success' : 'default'}>{row.status ? t('phrases.on') : t('phrases.off')}</Tag> },
          { title: t('actions'), key: 'actions', width: 120, render: (_, row) => <RowActions onEdit={() => setEditing({ row })} onDelete={() => void remove(row)} /> },
        ]}
      />
      {editing && (
        <PhraseModal
          row={editing.row}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            upsert(saved);
            setEditing(null);
            void message.success(t('phrases.saved'));
          }}
        />
      )}
    </Card>
  );
}

function PhraseModal({ row, onClose, onSaved }: { row: FlowCampaign | null; onClose: () => void; onSaved: (row: FlowCampaign) => void }) {
  const { t } = useT('flowbuilder');
  const showError = useErrorToast();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const flows = useChoices(loadFlows);
  const connections = useChoices(loadConnections);
  const required = { required: true, whitespace: true, message: t('phrases.required') };

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      const body = { name: v.name.trim(), flowId: v.flowId!, whatsappId: v.whatsappId ?? null, phrase: v.phrase.trim(), status: v.status, repeat: v.repeat };
      onSaved(row ? await call(FLOW_CAMPAIGN_ENDPOINTS.update, { body: { id: row.id, ...body } }) : await call(FLOW_CAMPAIGN_ENDPOINTS.create, { body }));
    } catch (err) {
      if (!applyServerErrors(form, err, t)) showError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open title={row ? t('phrases.edit') : t('phrases.add')} onCancel={onClose} onOk={() => form.submit()} okText={row ? t('saveBtn') : t('addBtn')} cancelText={t('cancel')} confirmLoading={busy} destroyOnHidden>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ name: row?.name ?? '', flowId: row?.flowId, whatsappId: row?.whatsappId ?? undefined, phrase: row?.phrase ?? '', status: row?.status ?? true, repeat: row?.repeat ?? false }}
        onFinish={submit}
      >
        <Form.Item name="name" label={t('phrases.name')} rules={[required]}>
          <Input maxLength={100} data-testid="phrase-name" />
        </Form.Item>
        <Form.Item name="flowId" label={t('phrases.flow')} rules={[{ required: true, message: t('phrases.required') }]}>
          <Select loading={!flows} options={flows ?? []} showSearch optionFilterProp="label" data-testid="phrase-flow" />
        </Form.Item>
        <Form.Item name="whatsappId" label={t('phrases.connection')}>
          <Select allowClear loading={!connections} options={connections ?? []} />
        </Form.Item>
        <Form.Item name="phrase" label={t('phrases.phrase')} rules={[required]}>
          <Input maxLength={500} data-testid="phrase-phrase" />
        </Form.Item>
        <Flex gap={24}>
          <Form.Item name="status" label={t('phrases.status')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="repeat" label={t('phrases.repeat')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Flex>
      </Form>
    </Modal>
  );
}
