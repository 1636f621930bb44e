import { Empty, Flex, List, Typography, theme } from 'antd';
import { formatDate, useT } from '@atende/sdk-web';
import type { Announcement } from '@atende/plugin-announcements-contract';
import { AnnouncementImage } from './AnnouncementImage.js';
import { PriorityTag } from './PriorityTag.js';

/** The bell's list of active announcements: loaded (with antd's List and Image) when the bell first opens. */
export default function AnnouncementsList({ active }: { active: Announcement[] }) {
  const { t, i18n } = useT('announcements');
  const { token } = theme.useToken();
  if (!active.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('none')} />;
  return (
    <List
      dataSource={active}
      rowKey="id"
      renderItem={(a) => (
        <List.Item data-testid="announcements-popover-item">
          <Flex vertical gap={4} style={{ width: '100%' }}>
            <Flex justify="space-between" gap={8}>
              <Typography.Text strong>{a.title}</Typography.Text>
              <PriorityTag priority={a.priority} />
            </Flex>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{a.text}</Typography.Paragraph>
            <AnnouncementImage announcement={a} width={320} />
            <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
              {formatDate(a.createdAt, i18n.language)}
            </Typography.Text>
          </Flex>
        </List.Item>
      )}
    />
  );
}
