import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, App, Button, Card, Flex, Input, List, Skeleton, Space, Tag, Typography } from 'antd';
import { ApiError, call, useConfirm, useRealtime, useT } from '@atende/sdk-web';
import { GOOGLE_SHEETS_ENDPOINTS as EP, GOOGLE_SHEETS_EVENT, spreadsheetIdOf, type AuthStatus, type Sheet } from '@atende/plugin-google-sheets-contract';
import { readCallbackMessage } from './popup-messages.js';

/** §9: the auth popup's size, and the recheck after a code arrives. */
const POPUP = 'width=500,height=600';
const RECHECK_MS = 3000;

/**
 * The Google Sheets page (§4): the company's auth status card, connect (popup) and disconnect, a
 * spreadsheet check that lists its sheets, and how it is used. Saved integrations and their dialog are
 * the integrations plugin's page. Live: the plugin's realtime event reloads the status.
 */
export default function GoogleSheetsPage() {
  const { t } = useT('google-sheets');
  const { message } = App.useApp();
  const confirm = useConfirm();
  const [status, setStatus] = useState<AuthStatus | null>(null);
  const [busy, setBusy] = useState(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  /** Codes already handed over: a code is good once at Google, a repeated message is dropped. */
  const seen = useRef(new Set<string>());

  const load = useCallback(async () => {
    try {
      // noRefresh: a Google 401 must not end the platform session.
      setStatus(await call(EP.authStatus, { noRefresh: true }));
    } catch {
      setStatus({ isAuthenticated: false, authIntegrationId: null, integrationName: null, tokensRefreshed: false });
    }
  }, []);

  /** The code from the popup (or from this page's own query after a redirect) goes to the server as this user. */
  const finish = useCallback(
    async (code: string | null, state: string | null, error: string | null) => {
      if (code && seen.current.has(code)) return;
      if (code) seen.current.add(code);
      if (error || !code || !state) {
        void message.error(t('callbackError', { error: error ?? 'no_code' }));
        return;
      }
      try {
        await call(EP.callback, { body: { code, state } });
        void message.success(t('connected_ok'));
      } catch (err) {
        void message.error(err instanceof ApiError ? err.message : t('authStartError'));
      }
      await load();
      timers.current.push(setTimeout(() => void load(), RECHECK_MS));
    },
    [load, message, t],
  );

  useEffect(() => {
    void load();
    // After a redirect without a popup: read code and error, then clear them (§4).
    const q = new URLSearchParams(window.location.search);
    if (q.get('code') || q.get('error')) {
      window.history.replaceState(null, '', window.location.pathname);
      void finish(q.get('code'), q.get('state'), q.get('error'));
    }
    const onMessage = (e: MessageEvent) => {
      const m = readCallbackMessage(e, window.location.origin);
      if (m) void finish(m.code, m.state, m.ok ? null : (m.error ?? 'error'));
    };
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
      for (const x of timers.current) clearTimeout(x);
    };
  }, [load, finish]);

  useRealtime(GOOGLE_SHEETS_EVENT, () => void load());

  const connect = async () => {
    // Opened in the click itself (a popup opened after an await is blocked), then sent to Google.
    const popup = window.open('', 'google-sheets-auth', POPUP);
    if (!popup) {
      void message.warning(t('popupBlocked'));
      return;
    }
    setBusy(true);
    try {
      const integrationId = Number(new URLSearchParams(window.location.search).get('integrationId')) || undefined;
      const { authUrl } = await call(EP.auth, { query: integrationId ? { integrationId } : {}, noRefresh: true });
      if (!authUrl) {
        popup.close();
        void message.error(t('noAuthUrl'));
        return;
      }
      popup.location.href = authUrl;
    } catch (err) {
      popup.close();
      const s = err instanceof ApiError ? err.status : 0;
      void message.error(s === 401 ? t('sessionExpired') : s === 500 ? t('serverError') : t('authStartError'));
    } finally {
      setBusy(false);
    }
  };

  const disconnect = async () => {
    if (!(await confirm({ title: t('disconnectConfirm'), danger: true, okText: t('disconnect') }))) return;
    try {
      await call(EP.disconnect, { body: {} });
      void message.success(t('disconnected_ok'));
    } catch {
      void message.error(t('disconnectError'));
    }
    await load();
  };

  return (
    <Flex vertical gap={16} data-testid="google-sheets-page">
      <Card title={t('status')}>
        {!status ? (
          <Skeleton active paragraph={{ rows: 1 }} />
        ) : (
          <Flex align="center" gap={12} wrap>
            <Tag color={status.isAuthenticated ? 'green' : 'default'} data-testid="google-sheets-status">
              {status.isAuthenticated ? t('connected') : t('disconnected')}
            </Tag>
            {status.isAuthenticated && status.integrationName && <Typography.Text type="secondary">{t('account', { name: status.integrationName })}</Typography.Text>}
            {status.isAuthenticated ? (
              <Button danger onClick={() => void disconnect()} data-testid="google-sheets-disconnect">
                {t('disconnect')}
              </Button>
            ) : (
              <Button type="primary" loading={busy} onClick={() => void connect()} data-testid="google-sheets-connect">
                {t('connect')}
              </Button>
            )}
          </Flex>
        )}
      </Card>
      {status?.isAuthenticated && <SheetsCheck integrationId={status.authIntegrationId} />}
      <Card title={t('howTo')}>
        <ol style={{ margin: 0, paddingInlineStart: 20 }}>
          <li>{t('howTo1')}</li>
          <li>{t('howTo2')}</li>
          <li>{t('howTo3')}</li>
        </ol>
      </Card>
    </Flex>
  );
}

/** Lists a spreadsheet's sheets through the connection (§8 texts for each failure). */
function SheetsCheck({ integrationId }: { integrationId: number | null }) {
  const { t } = useT('google-sheets');
  const [url, setUrl] = useState('');
  const [sheets, setSheets] = useState<Sheet[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  const list = async () => {
    const spreadsheetId = spreadsheetIdOf(url);
    if (!spreadsheetId) return setProblem(t('urlRequired'));
    if (!integrationId) return setProblem(t('needIntegration'));
    setLoading(true);
    setProblem(null);
    try {
      const r = await call(EP.sheets, { params: { id: integrationId }, query: { spreadsheetId }, noRefresh: true });
      setSheets(r.sheets);
      if (!r.sheets.length) setProblem(t('noSheets'));
    } catch (err) {
      setSheets([]);
      const s = err instanceof ApiError ? err.status : 0;
      setProblem(s === 400 ? t('notAuthenticated') : s === 404 ? t('notFound') : s === 401 ? t('googleExpired') : t('sheetsError'));
    } finally {
      setLoading(false);
    }
  };

  return (
    <Card title={t('check')}>
      <Space.Compact style={{ width: '100%', marginBottom: 12 }}>
        <Input placeholder={t('spreadsheetUrl')} value={url} onChange={(e) => setUrl(e.target.value)} onPressEnter={() => void list()} data-testid="google-sheets-url" />
        <Button onClick={() => void list()} loading={loading} data-testid="google-sheets-list">
          {t('loadSheets')}
        </Button>
      </Space.Compact>
      {problem && <Alert type="warning" showIcon title={problem} style={{ marginBottom: 12 }} data-testid="google-sheets-problem" />}
      {sheets && sheets.length > 0 && <List size="small" bordered dataSource={sheets} renderItem={(s) => <List.Item data-testid="google-sheets-sheet">{s.title}</List.Item>} />}
    </Card>
  );
}
