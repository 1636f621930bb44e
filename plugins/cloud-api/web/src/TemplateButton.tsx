import { useCallback, useEffect, useMemo, useState } from 'react';
import { App, Button, Empty, Form, Input, Modal, Select, Spin, Tag, Tooltip, Typography } from 'antd';
import { FileTextOutlined } from '@ant-design/icons';
import { call, useErrorToast, useRealtime, useT, type ZoneWidgetProps } from '@atende/sdk-web';
import { CLOUD_API_ENDPOINTS, type CloudApiTemplate, type CloudApiWindow } from '@atende/plugin-cloud-api-contract';

const fill = (body: string, params: string[]) => body.replace(/\{\{\s*(\d+)\s*\}\}/g, (whole, n: string) => params[Number(n) - 1] || whole);

/**
 * In a Cloud API ticket's input toolbar: the 24-hour window's state and a "send template" dialog (the
 * connection's approved templates from Graph, their parameters filled in here). Renders nothing for
 * tickets of other connections.
 */
export default function TemplateButton({ context }: ZoneWidgetProps<'ticket.input.toolbar'>) {
  const { t } = useT('cloud-api');
  const { message } = App.useApp();
  const showError = useErrorToast();
  const ticketId = context.ticket.id;
  const [win, setWin] = useState<CloudApiWindow | null>(null);
  const [open, setOpen] = useState(false);
  const [templates, setTemplates] = useState<CloudApiTemplate[] | null>(null);
  const [chosen, setChosen] = useState<string | undefined>();
  const [params, setParams] = useState<string[]>([]);
  const [sending, setSending] = useState(false);

  const loadWindow = useCallback(() => {
    call(CLOUD_API_ENDPOINTS.window, { params: { ticketId } }).then(setWin, () => setWin(null));
  }, [ticketId]);
  useEffect(loadWindow, [loadWindow]);
  // A customer's message reopens the window: read it again when this ticket gets one.
  useRealtime('appMessage', (ev) => {
    if (ev.action === 'create' && ev.message.ticketId === ticketId && !ev.message.fromMe) loadWindow();
  });

  const template = useMemo(() => templates?.find((x) => `${x.name}|${x.language}` === chosen), [templates, chosen]);
  if (!win?.cloudApi) return null;

  const openDialog = async () => {
    setOpen(true);
    setTemplates(null);
    try {
      setTemplates(await call(CLOUD_API_ENDPOINTS.templates, { params: { ticketId } }));
    } catch (err) {
      showError(err);
      setOpen(false);
    }
  };
  const send = async () => {
    if (!template) return;
    setSending(true);
    try {
      await call(CLOUD_API_ENDPOINTS.sendTemplate, { params: { ticketId }, body: { name: template.name, language: template.language, parameters: params } });
      void message.success(t('sent'));
      setOpen(false);
      setChosen(undefined);
      setParams([]);
    } catch (err) {
      showError(err);
    } finally {
      setSending(false);
    }
  };

  const state = win.open ? t('windowOpen') : t('windowClosed');
  return (
    <>
      <Tooltip title={win.closesAt && win.open ? `${state} · ${t('windowClosesAt', { at: new Date(win.closesAt).toLocaleString() })}` : state}>
        <Button type="text" icon={<FileTextOutlined />} onClick={openDialog} data-testid="cloud-api-template-button" aria-label={t('templates')}>
          <Tag color={win.open ? 'green' : 'orange'} style={{ marginInlineEnd: 0 }}>
            24h
          </Tag>
        </Button>
      </Tooltip>
      <Modal
        open={open}
        title={t('templates')}
        okText={t('send')}
        onOk={send}
        okButtonProps={{ disabled: !template || params.length !== template.parameterCount || params.some((p) => !p.trim()) }}
        confirmLoading={sending}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        {!win.open && <Typography.Paragraph type="warning">{t('windowClosed')}</Typography.Paragraph>}
        {!templates ? (
          <Spin />
        ) : !templates.length ? (
          <Empty description={t('noTemplates')} />
        ) : (
          <Form layout="vertical">
            <Form.Item label={t('templateName')}>
              <Select
                value={chosen}
                onChange={(v: string) => {
                  setChosen(v);
                  const next = templates.find((x) => `${x.name}|${x.language}` === v);
                  setParams(Array.from({ length: next?.parameterCount ?? 0 }, () => ''));
                }}
                options={templates.map((x) => ({ value: `${x.name}|${x.language}`, label: `${x.name} (${x.language})` }))}
                data-testid="cloud-api-template-select"
              />
            </Form.Item>
            {params.map((p, i) => (
              <Form.Item key={i} label={t('parameter', { n: i + 1 })}>
                <Input value={p} maxLength={1024} data-testid={`cloud-api-param-${i + 1}`} aria-label={t('parameter', { n: i + 1 })} onChange={(e) => setParams((list) => list.map((x, j) => (j === i ? e.target.value : x)))} />
              </Form.Item>
            ))}
            {template && (
              <Form.Item label={t('preview')}>
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{fill(template.body, params)}</Typography.Paragraph>
              </Form.Item>
            )}
          </Form>
        )}
      </Modal>
    </>
  );
}
