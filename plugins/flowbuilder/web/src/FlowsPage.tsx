import { useState } from 'react';
import { App, Button, Card, Dropdown, Flex, Form, Input, Modal, Tag, Typography, Upload } from 'antd';
import { ApiOutlined, CopyOutlined, DeleteOutlined, DownloadOutlined, EditOutlined, ImportOutlined, InboxOutlined, MoreOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { ApiError, PagedTable, call, errorText, useCan, useConfirm, useDebouncedValue, useErrorToast, usePagedList, useT } from '@atende/sdk-web';
import { FLOWBUILDER_ENDPOINTS, FLOWBUILDER_PERMISSIONS, type Flow, type FlowImport } from '@atende/plugin-flowbuilder-contract';
import { fetchFile, saveBlob } from './download.js';
import { flowNameProblem, importContentProblem, importFileProblem } from './validation.js';

/** The flows list (automation-productivity §2 "Flows list"): search, Importar, Agregar Flujo, a menu per row. */
export default function FlowsPage() {
  const { t } = useT('flowbuilder');
  const { message } = App.useApp();
  const showError = useErrorToast();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const canWrite = useCan('flowbuilder:write', FLOWBUILDER_PERMISSIONS);
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim(), 500);
  const list = usePagedList(FLOWBUILDER_ENDPOINTS.list, 'flows', { searchParam });
  const [naming, setNaming] = useState<{ flow: Flow | null } | null>(null);
  const [importing, setImporting] = useState(false);

  const remove = async (flow: Flow) => {
    if (!(await confirm({ title: t('deleteTitle', { name: flow.name }), content: t('deleteContent'), danger: true }))) return;
    try {
      await call(FLOWBUILDER_ENDPOINTS.remove, { params: { id: flow.id } });
      list.setItems((items) => items.filter((f) => f.id !== flow.id));
      list.setCount((c) => Math.max(0, c - 1));
      void message.success(t('deleted'));
    } catch (err) {
      showError(err);
    }
  };

  const duplicate = async (flow: Flow) => {
    try {
      const copy = await call(FLOWBUILDER_ENDPOINTS.duplicate, { body: { flowId: flow.id } });
      list.setItems((items) => [copy, ...items.filter((f) => f.id !== copy.id)]);
      list.setCount((c) => c + 1);
      void message.success(t('duplicated'));
    } catch (err) {
      showError(err);
    }
  };

  const exportFlow = async (flow: Flow) => {
    try {
      const { blob, name } = await fetchFile(FLOWBUILDER_ENDPOINTS.export.path.replace(':id', String(flow.id)));
      saveBlob(blob, name ?? `${flow.name}.json`);
    } catch {
      void message.error(t('exportError'));
    }
  };

  const saved = (flow: Flow, created: boolean) => {
    list.setItems((items) => (created ? [flow, ...items] : items.map((f) => (f.id === flow.id ? flow : f))));
    if (created) list.setCount((c) => c + 1);
    setNaming(null);
    void message.success(t(created ? 'created' : 'renamed'));
    // A new flow is drawn next: its canvas opens at once (issue 38 item 3).
    if (created) navigate(`/flowbuilder/${flow.id}`);
  };

  const menuOf = (flow: Flow) => ({
    items: [
      ...(canWrite ? [{ key: 'name', icon: <EditOutlined />, label: t('editName'), onClick: () => setNaming({ flow }) }] : []),
      { key: 'flow', icon: <ApiOutlined />, label: t('editFlow'), onClick: () => navigate(`/flowbuilder/${flow.id}`) },
      ...(canWrite
        ? [
            { key: 'duplicate', icon: <CopyOutlined />, label: t('duplicate'), onClick: () => void duplicate(flow) },
            { key: 'export', icon: <DownloadOutlined />, label: t('export'), onClick: () => void exportFlow(flow) },
            { key: 'delete', icon: <DeleteOutlined />, label: t('delete'), danger: true, onClick: () => void remove(flow) },
          ]
        : []),
    ].map((item) => ({ ...item, 'data-testid': `flow-action-${item.key}` })),
    // The menu is inside a clickable row: its clicks must not open the flow.
    onClick: ({ domEvent }: { domEvent: { stopPropagation: () => void } }) => domEvent.stopPropagation(),
  });

  return (
    <Card data-testid="flows-page">
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('title')} ({list.count})
        </Typography.Title>
        <Flex gap={8} wrap>
          <Input allowClear prefix={<SearchOutlined />} placeholder={t('search')} value={search} onChange={(e) => setSearch(e.target.value)} style={{ width: 240 }} data-testid="flows-search" />
          {canWrite && (
            <>
              <Button icon={<ImportOutlined />} onClick={() => setImporting(true)} data-testid="flows-import">
                {t('import')}
              </Button>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setNaming({ flow: null })} data-testid="flows-add">
                {t('add')}
              </Button>
            </>
          )}
        </Flex>
      </Flex>
      <PagedTable<Flow>
        list={list}
        items={list.items}
        testId="flows"
        emptyText={t('empty')}
        minWidth={480}
        rowProps={(flow) => ({ 'data-testid': `flow-row-${flow.id}`, style: { cursor: 'pointer' }, onClick: () => navigate(`/flowbuilder/${flow.id}`) })}
        columns={[
          { title: t('name'), dataIndex: 'name', key: 'name' },
          {
            title: t('state'),
            key: 'active',
            width: 140,
            render: (_, flow) => <Tag color={flow.active ? 'success' : 'default'}>{flow.active ? t('active') : t('inactive')}</Tag>,
          },
          {
            title: t('actions'),
            key: 'menu',
            width: 90,
            align: 'center',
            render: (_, flow) => (
              <Dropdown menu={menuOf(flow)} trigger={['click']}>
                <Button type="text" icon={<MoreOutlined />} aria-label={t('actions')} onClick={(e) => e.stopPropagation()} data-testid={`flow-menu-${flow.id}`} />
              </Dropdown>
            ),
          },
        ]}
      />
      {naming && <FlowNameModal flow={naming.flow} onClose={() => setNaming(null)} onSaved={saved} />}
      {importing && (
        <ImportModal
          onClose={() => setImporting(false)}
          onImported={(flow) => {
            setImporting(false);
            list.setItems((items) => [flow, ...items]);
            list.setCount((c) => c + 1);
            void message.success(t('imported'));
          }}
        />
      )}
    </Card>
  );
}

/** The name dialog: create (Agregar) or rename (Guardar), 2 to 50 characters (§5). */
function FlowNameModal({ flow, onClose, onSaved }: { flow: Flow | null; onClose: () => void; onSaved: (flow: Flow, created: boolean) => void }) {
  const { t } = useT('flowbuilder');
  const showError = useErrorToast();
  const [form] = Form.useForm<{ name: string }>();
  const [busy, setBusy] = useState(false);

  const submit = async ({ name }: { name: string }) => {
    setBusy(true);
    try {
      const saved = flow ? await call(FLOWBUILDER_ENDPOINTS.update, { body: { flowId: flow.id, name: name.trim() } }) : await call(FLOWBUILDER_ENDPOINTS.create, { body: { name: name.trim() } });
      onSaved(saved, !flow);
    } catch (err) {
      showError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={flow ? t('editFlowName') : t('newFlow')}
      onCancel={onClose}
      okText={flow ? t('saveBtn') : t('addBtn')}
      cancelText={t('cancel')}
      onOk={() => form.submit()}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'flow-name-ok' } as never}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ name: flow?.name ?? '' }} onFinish={submit}>
        <Form.Item
          name="name"
          label={t('name')}
          rules={[{ validator: (_, v: string) => (flowNameProblem(v) ? Promise.reject(new Error(t(flowNameProblem(v)!))) : Promise.resolve()) }]}
        >
          <Input autoFocus maxLength={60} data-testid="flow-name-input" onPressEnter={() => form.submit()} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The import dialog: drop or pick a .json file; encrypted exports and plain {name, flow} files (§3, §5). */
function ImportModal({ onClose, onImported }: { onClose: () => void; onImported: (flow: Flow) => void }) {
  const { t } = useT('flowbuilder');
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const take = async (file: File) => {
    setProblem(null);
    const typeProblem = importFileProblem(file);
    if (typeProblem) return setProblem(t(typeProblem));
    let content: unknown;
    try {
      content = JSON.parse(await file.text());
    } catch {
      return setProblem(t('v.importFormat'));
    }
    const formatProblem = importContentProblem(content);
    if (formatProblem) return setProblem(t(formatProblem));
    setBusy(true);
    try {
      onImported(await call(FLOWBUILDER_ENDPOINTS.import, { body: { importData: content as FlowImport['importData'] } }));
    } catch (err) {
      // §8: the server's message, otherwise 'Error al importar el flujo'.
      void message.error(err instanceof ApiError && err.status >= 400 && err.status < 500 ? errorText(err) : t('importError'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open title={t('importTitle')} onCancel={onClose} footer={null} destroyOnHidden>
      <Upload.Dragger
        accept=".json,application/json"
        multiple={false}
        showUploadList={false}
        disabled={busy}
        beforeUpload={(file) => {
          void take(file);
          return Upload.LIST_IGNORE;
        }}
        data-testid="flow-import-drop"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('importDrop')}</p>
      </Upload.Dragger>
      {problem && (
        <Typography.Text type="danger" data-testid="flow-import-error" style={{ display: 'block', marginTop: 8 }}>
          {problem}
        </Typography.Text>
      )}
    </Modal>
  );
}
