import { Tag } from 'antd';
import { useT } from '@atende/sdk-web';

const COLORS: Record<number, string> = { 1: 'red', 2: 'gold', 3: 'blue' };

/** 1 high, 2 medium, 3 low, in antd's preset colours (they follow the light and dark themes). */
export function PriorityTag({ priority }: { priority: number }) {
  const { t } = useT('announcements');
  return <Tag color={COLORS[priority]}>{t(`priority.${priority}`)}</Tag>;
}
