import { useMemo, useState } from 'react';
import { Alert, Button, Card, Col, Empty, Flex, Input, Modal, Row, Skeleton, Typography } from 'antd';
import { CustomerServiceOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { errorText, useT } from '@atende/sdk-web';
import type { Help } from '@atende/plugin-helps-contract';
import { useHelps } from './useHelps.js';

const thumb = (code: string) => `https://i.ytimg.com/vi/${encodeURIComponent(code)}/mqdefault.jpg`;
const embed = (code: string) => `https://www.youtube-nocookie.com/embed/${encodeURIComponent(code)}?autoplay=1`;

/** The help page: support banner, searchable video grid, and a modal player (commercial-admin §2). */
export default function HelpsPage() {
  const { t } = useT('helps');
  const { helps, error, reload } = useHelps();
  const [query, setQuery] = useState('');
  const [playing, setPlaying] = useState<Help | null>(null);

  const visible = useMemo(() => {
    const q = query.trim().toLowerCase();
    if (!helps || !q) return helps ?? [];
    return helps.filter((h) => h.title.toLowerCase().includes(q) || h.description.toLowerCase().includes(q));
  }, [helps, query]);

  return (
    <Flex vertical gap={16} data-testid="helps-page">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('title')}
        </Typography.Title>
        <Input.Search allowClear placeholder={t('search')} style={{ maxWidth: 320 }} onChange={(e) => setQuery(e.target.value)} />
      </Flex>

      <Alert
        type="info"
        showIcon
        icon={<CustomerServiceOutlined />}
        title={t('supportTitle')}
        description={t('supportText')}
        data-testid="helps-support-banner"
      />

      {error ? (
        <Alert type="error" title={t('loadError')} description={errorText(error)} action={<Button onClick={() => void reload()}>↻</Button>} />
      ) : !helps ? (
        <Row gutter={[16, 16]}>
          {[0, 1, 2].map((i) => (
            <Col key={i} xs={24} sm={12} lg={8}>
              <Card>
                <Skeleton active />
              </Card>
            </Col>
          ))}
        </Row>
      ) : visible.length === 0 ? (
        <Empty description={helps.length ? t('noResults') : t('empty')} />
      ) : (
        <Row gutter={[16, 16]} data-testid="helps-grid">
          {visible.map((h) => (
            <Col key={h.id} xs={24} sm={12} lg={8} xl={6}>
              <Card
                hoverable
                data-testid="help-card"
                onClick={() => setPlaying(h)}
                cover={
                  <div style={{ position: 'relative', aspectRatio: '16 / 9', background: '#000', overflow: 'hidden' }}>
                    <img alt="" src={thumb(h.video)} loading="lazy" style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
                    <PlayCircleOutlined
                      aria-label={t('watch')}
                      style={{ position: 'absolute', inset: 0, margin: 'auto', fontSize: 48, color: '#fff', height: 48 }}
                    />
                  </div>
                }
              >
                <Card.Meta
                  title={h.title}
                  description={<Typography.Paragraph ellipsis={{ rows: 3 }} style={{ marginBottom: 0 }}>{h.description}</Typography.Paragraph>}
                />
              </Card>
            </Col>
          ))}
        </Row>
      )}

      <Modal
        open={!!playing}
        title={playing?.title}
        footer={null}
        width={860}
        destroyOnHidden
        onCancel={() => setPlaying(null)}
        data-testid="help-video-modal"
      >
        {playing && (
          <div style={{ aspectRatio: '16 / 9' }}>
            <iframe
              title={playing.title}
              src={embed(playing.video)}
              style={{ width: '100%', height: '100%', border: 0 }}
              allow="autoplay; encrypted-media; picture-in-picture"
              allowFullScreen
              referrerPolicy="strict-origin-when-cross-origin"
            />
          </div>
        )}
        {playing?.description && <Typography.Paragraph style={{ marginTop: 12 }}>{playing.description}</Typography.Paragraph>}
      </Modal>
    </Flex>
  );
}
