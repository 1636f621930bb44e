import { useState } from 'react';
import { App, Button, Card, Col, Empty, Form, Input, Modal, Row, Select, Switch, Table } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { applyServerErrors, call, useErrorToast, usePlugin, useRealtime, useT } from '@atende/sdk-web';
import { KEYWORD_ENDPOINTS, KEYWORD_EVENT, type Keyword, type KeywordEvent, type KeywordInput } from '@atende/plugin-flowbuilder-contract';
import { KEYWORD_SHEET_FIELDS } from '@atende/plugin-flowbuilder-contract';
import { INTEGRATIONS_PLUGIN, loadFlows, loadSheetIntegrations, loadTags, useChoices } from './options.js';
import { ListHeader, RowActions, useRecords } from './records.js';
import { spreadsheetIdOf } from './validation.js';

/** Keywords (§2, §3): exact, case-insensitive text that activates a flow, stops one, changes tags or writes to a sheet. */
export default function KeywordsPage() {
  const { t } = useT('flowbuilder');
  const { message } = App.useApp();
  const [editing, setEditing] = useState<{ row: Keyword | null } | null>(null);
  const { rows, upsert, drop, remove } = useRecords(
    () => call(KEYWORD_ENDPOINTS.list),
    (id) => call(KEYWORD_ENDPOINTS.remove, { params: { id } }),
    (row) => t('keywords.deleteTitle', { name: row.name }),
  );
  useRealtime<KeywordEvent>(KEYWORD_EVENT, (e) => (e.action === 'delete' ? drop(e.keywordId) : upsert(e.keyword)));

  return (
    <Card data-testid="keywords-page">
      <ListHeader
        title={t('keywords.title')}
        action={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ row: null })} data-testid="keywords-add">
            {t('keywords.add')}
          </Button>
        }
      />
      <Table<Keyword>
        rowKey="id"
        loading={!rows}
        dataSource={rows ?? []}
        pagination={false}
        locale={{ emptyText: <Empty description={t('keywords.empty')} /> }}
        columns={[
          { title: t('keywords.name'), dataIndex: 'name' },
          { title: t('keywords.keyword'), dataIndex: 'keyword' },
          { title: t('actions'), key: 'actions', width: 120, render: (_, row) => <RowActions onEdit={() => setEditing({ row })} onDelete={() => void remove(row)} /> },
        ]}
      />
      {editing && (
        <KeywordModal
          row={editing.row}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            upsert(saved);
            setEditing(null);
            void message.success(t('keywords.saved'));
          }}
        />
      )}
    </Card>
  );
}

type Values = Omit<KeywordInput, 'name' | 'keyword'> & { name: string; keyword: string };

function KeywordModal({ row, onClose, onSaved }: { row: Keyword | null; onClose: () => void; onSaved: (row: Keyword) => void }) {
  const { t } = useT('flowbuilder');
  const showError = useErrorToast();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const flows = useChoices(loadFlows);
  const tags = useChoices(loadTags);
  const sheetsOn = Form.useWatch('enableGoogleSheets', form);
  // Only asked for when the plugin that serves them is installed (else a 404): the page says so instead.
  const sheetsInstalled = usePlugin(INTEGRATIONS_PLUGIN);
  const integrations = useChoices(async () => (await loadSheetIntegrations()).map((i) => ({ value: i.id, label: i.name })), sheetsInstalled === true);
  const placeholders = t('fieldPlaceholders', { returnObjects: true }) as unknown as string[];
  const required = { required: true, whitespace: true, message: t('phrases.required') };

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      const body: KeywordInput = {
        ...v,
        name: v.name.trim(),
        keyword: v.keyword.trim(),
        activateFlowId: v.activateFlowId ?? null,
        addTagId: v.addTagId ?? null,
        removeTagId: v.removeTagId ?? null,
        googleSheetsIntegrationId: v.enableGoogleSheets ? (v.googleSheetsIntegrationId ?? null) : null,
        googleSheetsSpreadsheetId: v.enableGoogleSheets ? spreadsheetIdOf(v.googleSheetsSpreadsheetUrl ?? '') : null,
      };
      onSaved(row ? await call(KEYWORD_ENDPOINTS.update, { params: { id: row.id }, body }) : await call(KEYWORD_ENDPOINTS.create, { body }));
    } catch (err) {
      if (!applyServerErrors(form, err, t)) showError(err);
    } finally {
      setBusy(false);
    }
  };

  const initial: Partial<Values> = row
    ? { ...(row as unknown as Values) }
    : { name: '', keyword: '', disableFlow: false, enableGoogleSheets: false };
  return (
    <Modal open width={720} title={row ? t('keywords.edit') : t('keywords.add')} onCancel={onClose} onOk={() => form.submit()} okText={row ? t('saveBtn') : t('addBtn')} cancelText={t('cancel')} confirmLoading={busy} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={initial} onFinish={submit}>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name="name" label={t('keywords.name')} rules={[required]}>
              <Input maxLength={100} data-testid="keyword-name" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="keyword" label={t('keywords.keyword')} rules={[required]}>
              <Input maxLength={200} data-testid="keyword-keyword" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="activateFlowId" label={t('keywords.activateFlow')}>
              <Select allowClear loading={!flows} options={flows ?? []} showSearch optionFilterProp="label" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="disableFlow" label={t('keywords.disableFlow')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="addTagId" label={t('editor.addTag')}>
              <Select allowClear loading={!tags} options={tags ?? []} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="removeTagId" label={t('editor.removeTag')}>
              <Select allowClear loading={!tags} options={tags ?? []} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="enableGoogleSheets" label={t('keywords.sheets')} valuePropName="checked" extra={sheetsInstalled === false ? <span data-testid="keyword-sheets-missing">{t('integrationsMissing')}</span> : undefined}>
          {/* Without the plugin it can only be switched off (a keyword saved while it was installed). */}
          <Switch disabled={sheetsInstalled !== true && !sheetsOn} data-testid="keyword-sheets" />
        </Form.Item>
        {sheetsOn && (
          <>
            <Row gutter={12}>
              <Col span={12}>
                <Form.Item name="googleSheetsIntegrationId" label={t('editor.integration')}>
                  <Select
                    allowClear
                    loading={!integrations}
                    options={integrations ?? []}
                    notFoundContent={t('editor.noIntegrations')}
                    // §4: changing the integration clears the URL, the sheet id and the selected sheet.
                    onChange={() => form.setFieldsValue({ googleSheetsSpreadsheetUrl: '', googleSheetsSpreadsheetId: '', googleSheetsSelectedSheet: '' })}
                  />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="googleSheetsSelectedSheet" label={t('editor.sheet')}>
                  <Input />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item name="googleSheetsSpreadsheetUrl" label={t('editor.spreadsheetUrl')}>
              <Input />
            </Form.Item>
            <Row gutter={[8, 0]}>
              {KEYWORD_SHEET_FIELDS.map((k, i) => (
                <Col span={8} key={k}>
                  <Form.Item name={k} label={String.fromCharCode(65 + i)}>
                    <Input placeholder={placeholders[i]} />
                  </Form.Item>
                </Col>
              ))}
            </Row>
          </>
        )}
      </Form>
    </Modal>
  );
}
