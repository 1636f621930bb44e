import { Suspense, lazy, useEffect, useMemo, useState } from 'react';
import { Alert, Badge, Button, Flex, Popover, Spin, Typography } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useCurrentUser, useT } from '@atende/sdk-web';
import { bannerOf, dismissedKey, loadSeen, markAll, saveSeen, seenKey, unreadCount, type SeenMap } from './readState.js';
import { useActiveAnnouncements } from './useActiveAnnouncements.js';

// The list (antd List, Pagination, Image…) loads when the bell first opens, not with the top bar.
const AnnouncementsList = lazy(() => import('./AnnouncementsList.js'));

/**
 * The top bar's part (zone `layout.header`): the newest high-priority announcement as a banner, and
 * a bell with the number of unread announcements that lists them all; opening it marks them read.
 */
export default function AnnouncementsHeader() {
  const { t } = useT('announcements');
  const user = useCurrentUser();
  const active = useActiveAnnouncements();
  const keys = useMemo(() => (user ? { seen: seenKey(user.companyId, user.id), dismissed: dismissedKey(user.companyId, user.id) } : null), [user]);
  const [seen, setSeen] = useState<SeenMap>({});
  const [dismissed, setDismissed] = useState<SeenMap>({});
  useEffect(() => {
    setSeen(keys ? loadSeen(localStorage, keys.seen) : {});
    setDismissed(keys ? loadSeen(localStorage, keys.dismissed) : {});
  }, [keys]);

  const unread = unreadCount(active, seen);
  const banner = bannerOf(active, dismissed)[0];
  const open = (visible: boolean) => {
    if (!visible || !keys) return;
    const next = markAll(active, seen);
    setSeen(next);
    saveSeen(localStorage, keys.seen, next, active);
  };
  const closeBanner = () => {
    if (!banner || !keys) return;
    const next = markAll([banner], dismissed);
    setDismissed(next);
    saveSeen(localStorage, keys.dismissed, next, active);
  };

  return (
    <Flex align="center" gap={8} style={{ minWidth: 0 }}>
      {banner && (
        <Alert
          type="warning"
          showIcon
          closable={{ onClose: closeBanner, 'aria-label': t('closeBanner') }}
          title={<Typography.Text ellipsis style={{ maxWidth: '30vw' }}>{`${banner.title}: ${banner.text}`}</Typography.Text>}
          style={{ paddingBlock: 4 }}
          data-testid="announcements-banner"
        />
      )}
      <Popover
        content={
          <div style={{ width: 360, maxWidth: '80vw', maxHeight: 420, overflow: 'auto' }} data-testid="announcements-popover">
            <Suspense fallback={<Spin size="small" style={{ display: 'block', margin: 16 }} />}>
              <AnnouncementsList active={active} />
            </Suspense>
          </div>
        }
        title={t('title')}
        trigger="click"
        placement="bottomRight"
        onOpenChange={open}
      >
        <Badge count={unread} size="small" data-testid="announcements-bell-count">
          <Button type="text" icon={<BellOutlined />} aria-label={t('bell', { count: unread })} data-testid="announcements-bell" />
        </Badge>
      </Popover>
    </Flex>
  );
}
