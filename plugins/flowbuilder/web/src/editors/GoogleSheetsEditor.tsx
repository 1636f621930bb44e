import { useEffect, useState } from 'react';
import { Alert, Button, Col, Flex, Form, Input, Row, Select } from 'antd';
import { ApiError, api, useCompany, usePlugin, useT } from '@atende/sdk-web';
import { SHEET_FIELD_KEYS } from '@atende/plugin-flowbuilder-contract';
import type { NodeData } from '../graph.js';
import { googleSheetsProblem, spreadsheetIdOf, type Problem } from '../validation.js';
import type { FlowNodeEditorProps as BodyProps } from '@atende/sdk-web';
import { INTEGRATIONS_PLUGIN, loadSheetIntegrations, type SheetIntegration } from '../options.js';

export const googleSheetsDefaults = (): NodeData => ({ integrationId: null, spreadsheetId: '', spreadsheetUrl: '', selectedSheet: '', processingMode: 'Aleatorio' });
export const googleSheetsCheck = (d: NodeData): Problem =>
  googleSheetsProblem({ ...(d as Record<string, never>), fields: SHEET_FIELD_KEYS.map((k) => d[k] as string | undefined) });
/** The id comes from the URL (§5); a saved step forgets any earlier error. */
export const finishGoogleSheets = async (d: NodeData): Promise<NodeData> => ({ ...d, spreadsheetId: spreadsheetIdOf(String(d.spreadsheetUrl ?? '')) ?? '', lastError: null });

type Integration = SheetIntegration;

/**
 * Google Sheets step. The integrations and their sheets come from the queue-integration API (§7:
 * `GET /queueIntegration?type=googlesheets`, filtered to googlesheets-auth; `GET /queueIntegration/{id}/google-sheets/sheets`).
 */
export function GoogleSheetsBody({ value, set }: BodyProps) {
  const { t } = useT('flowbuilder');
  const company = useCompany();
  const [integrations, setIntegrations] = useState<Integration[] | null>(null);
  const [sheets, setSheets] = useState<{ value: string; label: string }[]>([]);
  const [sheetsError, setSheetsError] = useState<string | null>(null);
  const [loadingSheets, setLoadingSheets] = useState(false);

  // The integrations plugin serves them: asked for only when installed (issue 38 item 5).
  const installed = usePlugin(INTEGRATIONS_PLUGIN);
  useEffect(() => {
    if (installed === null) return;
    if (!installed) return setIntegrations([]);
    loadSheetIntegrations().then(setIntegrations, () => setIntegrations([]));
  }, [installed]);

  const loadSheets = async () => {
    const spreadsheetId = spreadsheetIdOf(String(value.spreadsheetUrl ?? ''));
    if (!value.integrationId || !spreadsheetId) return;
    setLoadingSheets(true);
    setSheetsError(null);
    try {
      const r = await api.get<{ sheets: { id?: string | number; name?: string; title?: string }[] }>(`/queueIntegration/${Number(value.integrationId)}/google-sheets/sheets`, {
        query: { spreadsheetId, companyId: company?.id },
      });
      const list = (r.sheets ?? []).map((s) => String(s.name ?? s.title ?? s.id ?? '')).filter(Boolean);
      setSheets(list.map((n) => ({ value: n, label: n })));
      if (!list.length) setSheetsError(t('editor.noSheets'));
    } catch (err) {
      setSheets([]);
      // §8: texts of the sheets list.
      const status = err instanceof ApiError ? err.status : 0;
      setSheetsError(
        status === 400
          ? t('editor.sheetsNotAuth')
          : status === 404
            ? t('editor.sheetsNotFound')
            : t('editor.sheetsLoadError'),
      );
    } finally {
      setLoadingSheets(false);
    }
  };

  const placeholders = t('fieldPlaceholders', { returnObjects: true }) as unknown as string[];
  return (
    <>
      {installed === false ? (
        <Alert type="warning" showIcon title={t('integrationsMissing')} style={{ marginBottom: 12 }} data-testid="editor-sheets-missing" />
      ) : (
        integrations && !integrations.length && <Alert type="info" showIcon title={t('editor.noIntegrations')} style={{ marginBottom: 12 }} />
      )}
      <Form.Item label={t('editor.integration')} required>
        <Select
          loading={!integrations}
          options={(integrations ?? []).map((i) => ({ value: i.id, label: i.name }))}
          value={(value.integrationId as number | null) ?? undefined}
          onChange={(v) => set({ integrationId: v, selectedSheet: '' })}
          data-testid="editor-sheets-integration"
        />
      </Form.Item>
      <Form.Item label={t('editor.spreadsheetUrl')} required>
        <Flex gap={8}>
          <Input value={String(value.spreadsheetUrl ?? '')} onChange={(e) => set({ spreadsheetUrl: e.target.value, spreadsheetId: spreadsheetIdOf(e.target.value) ?? '' })} data-testid="editor-sheets-url" />
          <Button onClick={() => void loadSheets()} loading={loadingSheets} disabled={!value.integrationId || !spreadsheetIdOf(String(value.spreadsheetUrl ?? ''))}>
            {t('editor.loadSheets')}
          </Button>
        </Flex>
      </Form.Item>
      <Form.Item label={t('editor.sheet')} required help={sheetsError ?? undefined} validateStatus={sheetsError ? 'warning' : undefined}>
        <Select
          showSearch
          options={sheets.length ? sheets : value.selectedSheet ? [{ value: String(value.selectedSheet), label: String(value.selectedSheet) }] : []}
          value={(value.selectedSheet as string) || undefined}
          onChange={(v) => set({ selectedSheet: v })}
        />
      </Form.Item>
      <Form.Item label={t('editor.fields')}>
        <Row gutter={[8, 8]}>
          {SHEET_FIELD_KEYS.map((k, i) => (
            <Col span={8} key={k}>
              <Input addonBefore={String.fromCharCode(65 + i)} placeholder={placeholders[i]} value={String(value[k] ?? '')} onChange={(e) => set({ [k]: e.target.value })} data-testid={`editor-sheets-${k}`} />
            </Col>
          ))}
        </Row>
      </Form.Item>
      <Form.Item label={t('editor.processingMode')}>
        <Input value={String(value.processingMode ?? 'Aleatorio')} onChange={(e) => set({ processingMode: e.target.value })} />
      </Form.Item>
    </>
  );
}
