import { SANDBOX_ENDPOINTS, CONNECTION_ENDPOINTS } from '@atende/core-contract';
import { useEffect, useRef, useState } from 'react';
import { Alert, App, Button, Flex, Form, Input, Modal, QRCode, Spin, Typography } from 'antd';
import { KeyOutlined, QrcodeOutlined } from '@ant-design/icons';
import { digitsOnly, useErrorToast, useT, call } from '@atende/sdk-web';
import type { LiveConnection } from './connectionStatus.js';

/** Phone numbers for a pairing code: 8 to 15 digits, country code first (as sessionStartSchema). */
export const PAIRING_PHONE = /^\d{8,15}$/;

interface Props {
  connection: LiveConnection | null;
  onClose: () => void;
  /** Starts the session again for a fresh QR (the "new QR" action of the page). */
  onNewQr: (connection: LiveConnection) => Promise<void>;
}

/** The QR dialog (core-operations §2 "Modals", §4): live QR with scan steps, closes by itself once connected; or a pairing code. */
export function QrCodeModal({ connection, onClose, onNewQr }: Props) {
  const { t } = useT();
  return (
    <Modal
      open={!!connection}
      title={connection ? t('connections.qr.title', { name: connection.name }) : ''}
      onCancel={onClose}
      footer={null}
      width={560}
      destroyOnHidden
      data-testid="qr-modal"
    >
      {connection && <QrBody key={connection.id} connection={connection} onClose={onClose} onNewQr={onNewQr} />}
    </Modal>
  );
}

type Mode = 'qr' | 'askPhone' | 'pairing';

function QrBody({ connection, onClose, onNewQr }: { connection: LiveConnection; onClose: () => void; onNewQr: (c: LiveConnection) => Promise<void> }) {
  const { t } = useT();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const [mode, setMode] = useState<Mode>(connection.status === 'PAIRING' ? 'pairing' : 'qr');
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState(false);
  const [working, setWorking] = useState(false);
  const seenQr = useRef(false);
  // The dialog may open before the session has started: a DISCONNECTED row only means failure once it had moved on.
  const seenActive = useRef(connection.status !== 'DISCONNECTED');
  const { status, qrcode } = connection;
  if (status !== 'DISCONNECTED') seenActive.current = true;
  if (qrcode) seenQr.current = true;

  useEffect(() => {
    if (status === 'CONNECTED') {
      void message.success(t('connections.qr.connected', { name: connection.name }));
      onClose();
      // The spec's rule: once shown, an emptied QR means the phone scanned it.
    } else if (mode === 'qr' && seenQr.current && !qrcode && status !== 'DISCONNECTED' && status !== 'PAIRING') onClose();
  }, [status, qrcode, mode]);

  const ended = seenActive.current && status === 'DISCONNECTED' && !working;
  const pairingCode = status === 'PAIRING' ? connection.pairingCode : '';

  const newQr = async () => {
    setWorking(true);
    seenQr.current = false;
    seenActive.current = false;
    setMode('qr');
    try {
      await onNewQr(connection);
    } finally {
      setWorking(false);
    }
  };

  const requestCode = async () => {
    if (!PAIRING_PHONE.test(phone)) {
      setPhoneError(true);
      return;
    }
    setWorking(true);
    try {
      // A running session is ended first: the pairing code is asked for when a session starts.
      if (status !== 'DISCONNECTED') await call(CONNECTION_ENDPOINTS.endSession, { params: { id: connection.id } });
      seenActive.current = false;
      await call(CONNECTION_ENDPOINTS.startSession, { params: { id: connection.id }, body: { pairingPhone: phone } });
      setMode('pairing');
    } catch (err) {
      showError(err); // the typed number stays
    } finally {
      setWorking(false);
    }
  };

  const simulateScan = async () => {
    setWorking(true);
    try {
      await call(SANDBOX_ENDPOINTS.scan, { params: { id: connection.id }, body: {} });
    } catch (err) {
      showError(err);
    } finally {
      setWorking(false);
    }
  };

  if (ended) {
    return (
      <Alert
        type="warning"
        showIcon
        title={t('connections.qr.ended')}
        action={
          <Button onClick={() => void newQr()} loading={working} data-testid="qr-retry">
            {t('connections.actions.newQr')}
          </Button>
        }
        data-testid="qr-ended"
      />
    );
  }

  if (mode === 'askPhone') {
    return (
      <Flex vertical gap={12} data-testid="pairing-form">
        <Typography.Paragraph style={{ margin: 0 }}>{t('connections.qr.phoneHint')}</Typography.Paragraph>
        <Form layout="vertical" requiredMark={false} onFinish={() => void requestCode()}>
          <Form.Item
            label={t('connections.qr.phone')}
            validateStatus={phoneError ? 'error' : undefined}
            help={phoneError ? t('connections.qr.phoneInvalid') : undefined}
          >
            <Input
              value={phone}
              inputMode="numeric"
              placeholder="5511999999999"
              maxLength={15}
              onChange={(e) => {
                setPhone(digitsOnly(e.target.value, 15));
                setPhoneError(false);
              }}
              data-testid="pairing-phone"
            />
          </Form.Item>
          <Flex gap={8} justify="end">
            <Button onClick={() => setMode('qr')} disabled={working}>
              {t('connections.qr.backToQr')}
            </Button>
            <Button type="primary" htmlType="submit" loading={working} data-testid="pairing-request">
              {t('connections.qr.getCode')}
            </Button>
          </Flex>
        </Form>
      </Flex>
    );
  }

  if (mode === 'pairing') {
    return (
      <Flex vertical gap={16} align="center" data-testid="pairing-view">
        {pairingCode ? (
          <Typography.Title level={2} copyable style={{ margin: 0, letterSpacing: 4, fontFamily: 'monospace' }} data-testid="pairing-code">
            {pairingCode}
          </Typography.Title>
        ) : (
          <Spin description={t('connections.qr.waitingCode')}>
            <div style={{ width: 240, height: 60 }} />
          </Spin>
        )}
        <ol style={{ margin: 0, paddingInlineStart: 20, alignSelf: 'stretch' }}>
          <li>{t('connections.qr.step1')}</li>
          <li>{t('connections.qr.step2')}</li>
          <li>{t('connections.qr.step3')}</li>
          <li>{t('connections.qr.pairStep4')}</li>
        </ol>
        <Button type="link" icon={<QrcodeOutlined />} onClick={() => void newQr()} loading={working} data-testid="pairing-use-qr">
          {t('connections.qr.useQr')}
        </Button>
      </Flex>
    );
  }

  return (
    <Flex vertical gap={16} align="center">
      {qrcode ? (
        // Black on white whatever the theme: phones read a dark-on-light code best.
        <div data-testid="qr-code" data-qr={qrcode}>
          <QRCode value={qrcode} size={264} color="#000000" bgColor="#ffffff" errorLevel="L" bordered />
        </div>
      ) : (
        <Flex vertical align="center" justify="center" style={{ width: 264, height: 264 }} data-testid="qr-waiting">
          <Spin size="large" />
          <Typography.Text type="secondary" style={{ marginTop: 12 }}>
            {t('connections.qr.waiting')}
          </Typography.Text>
        </Flex>
      )}
      <ol style={{ margin: 0, paddingInlineStart: 20, alignSelf: 'stretch' }} data-testid="qr-steps">
        <li>{t('connections.qr.step1')}</li>
        <li>{t('connections.qr.step2')}</li>
        <li>{t('connections.qr.step3')}</li>
        <li>{t('connections.qr.step4')}</li>
      </ol>
      <Flex gap={8} wrap justify="center">
        <Button type="link" icon={<KeyOutlined />} onClick={() => setMode('askPhone')} data-testid="qr-use-pairing">
          {t('connections.qr.usePairing')}
        </Button>
        {connection.provider === 'sandbox' && qrcode && (
          // A simulated connection has no phone to scan with; this stands in for it.
          <Button onClick={() => void simulateScan()} loading={working} data-testid="qr-simulate-scan">
            {t('connections.qr.simulateScan')}
          </Button>
        )}
      </Flex>
    </Flex>
  );
}
