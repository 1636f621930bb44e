import { useState } from 'react';
import { App, Button } from 'antd';
import { AudioOutlined } from '@ant-design/icons';
import { call, useErrorToast, useT, type ZoneWidgetProps } from '@atende/sdk-web';
import { AI_ENDPOINTS } from '@atende/plugin-ai-contract';

/** "Transcribir" in a voice note's menu: the text shows in a dialog (paid once; a second click is free). */
export default function TranscribeAction({ context }: ZoneWidgetProps<'message.actions'>) {
  const { t } = useT('ai');
  const { modal } = App.useApp();
  const showError = useErrorToast();
  const [busy, setBusy] = useState(false);
  const m = context.message as { id: number; mediaType?: string };
  if (m.mediaType !== 'audio') return null;
  const run = async () => {
    setBusy(true);
    try {
      const r = await call(AI_ENDPOINTS.transcribe, { params: { messageId: m.id } });
      context.close();
      modal.info({ title: t('transcription.title'), content: r.text || t('transcription.empty') });
    } catch (err) {
      showError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button type="text" icon={<AudioOutlined />} loading={busy} onClick={() => void run()} data-testid="ai-transcribe" block style={{ textAlign: 'start' }}>
      {t('transcription.action')}
    </Button>
  );
}
