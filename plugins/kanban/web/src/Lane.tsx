import { useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { Badge, Button, Empty, Flex, Spin, Typography, theme } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useT } from '@atende/sdk-web';
import type { KanbanCard as Card_ } from '@atende/plugin-kanban-contract';
import { CARD_HEIGHT, KanbanCard, type MoveTarget } from './KanbanCard.js';
import { laneKey, visibleRange, type LaneId, type LaneState } from './board.js';

/** Load the lane's next page this close (px) to its end (§9: 100 px). */
const LOAD_MORE_PX = 100;

interface Props {
  lane: LaneState;
  title: string;
  color: string | null;
  height: number;
  onMore: (lane: LaneId) => void;
  onDrop: (ticketId: number, to: LaneId) => void;
  onDragStart: (e: DragEvent, card: Card_) => void;
  /** Every lane of the board in order (the cards' "Move to…" menu offers the others). */
  all: MoveTarget[];
  onStep: (ticketId: number, step: -1 | 1) => void;
  /** Moves this lane one place left or right; absent where it cannot (the "no tag" lane stays first). */
  onShift?: (step: -1 | 1) => void;
  canShift?: { left: boolean; right: boolean };
}

/**
 * One lane: a drop target, and a virtualised list (only the cards in view, plus a few either side, are
 * in the DOM; spacers hold the rest of the height), so thousands of cards scroll smoothly.
 */
export function Lane({ lane, title, color, height, onMore, onDrop, onDragStart, all, onStep, onShift, canShift }: Props) {
  const { t } = useT('kanban');
  const { token } = theme.useToken();
  const scroller = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [over, setOver] = useState(false);
  const total = lane.cards.length * CARD_HEIGHT;
  const { start, end } = visibleRange(scrollTop, height, CARD_HEIGHT, lane.cards.length);

  // Near the end (or a first page shorter than the lane): the next page.
  useEffect(() => {
    if (lane.hasMore && !lane.loading && scrollTop + height >= total - LOAD_MORE_PX) onMore(lane.id);
  }, [scrollTop, height, total, lane.hasMore, lane.loading, lane.id, onMore]);

  const key = laneKey(lane.id);
  const targets = useMemo(() => all.filter((l) => l.id !== lane.id), [all, lane.id]);
  return (
    <Flex
      vertical
      data-testid={`kanban-lane-${key}`}
      onDragOver={(e) => {
        e.preventDefault();
        e.dataTransfer.dropEffect = 'move';
        if (!over) setOver(true);
      }}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        const id = Number(e.dataTransfer.getData('text/plain'));
        if (Number.isInteger(id) && id > 0) onDrop(id, lane.id);
      }}
      style={{
        width: 290,
        flex: '0 0 290px',
        background: over ? token.colorPrimaryBg : token.colorFillQuaternary,
        // Longhands only: React mixing `border` and `borderTop` loses the top colour on re-render.
        borderStyle: 'solid',
        borderWidth: '4px 1px 1px',
        borderColor: `${color ?? token.colorTextQuaternary} ${over ? token.colorPrimaryBorder : token.colorBorderSecondary} ${over ? token.colorPrimaryBorder : token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
      }}
    >
      <Flex justify="space-between" align="center" style={{ padding: '8px 12px' }}>
        <Typography.Text strong ellipsis title={title} style={{ flex: 1 }}>
          {title}
        </Typography.Text>
        {onShift && (
          <Flex gap={2} style={{ marginInlineEnd: 6 }}>
            <Button size="small" type="text" icon={<LeftOutlined />} disabled={!canShift?.left} onClick={() => onShift(-1)} aria-label={t('laneLeft', { name: title })} title={t('laneLeft', { name: title })} data-testid={`kanban-lane-left-${key}`} />
            <Button size="small" type="text" icon={<RightOutlined />} disabled={!canShift?.right} onClick={() => onShift(1)} aria-label={t('laneRight', { name: title })} title={t('laneRight', { name: title })} data-testid={`kanban-lane-right-${key}`} />
          </Flex>
        )}
        <Badge count={`${lane.cards.length}${lane.hasMore ? '+' : ''}`} color={color ?? token.colorTextTertiary} showZero data-testid={`kanban-lane-count-${key}`} />
      </Flex>
      <div ref={scroller} onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)} style={{ height, overflowY: 'auto', padding: '0 8px' }} data-testid={`kanban-lane-scroll-${key}`}>
        {lane.loading && !lane.cards.length ? (
          <Flex justify="center" style={{ padding: 24 }}>
            <Spin />
          </Flex>
        ) : !lane.cards.length ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('emptyLane')} />
        ) : (
          <div style={{ height: total, position: 'relative' }}>
            {lane.cards.slice(start, end).map((card, i) => (
              <div key={card.id} style={{ position: 'absolute', top: (start + i) * CARD_HEIGHT, left: 0, right: 0 }}>
                <KanbanCard card={card} onDragStart={onDragStart} targets={targets} onMove={onDrop} onStep={onStep} />
              </div>
            ))}
          </div>
        )}
        {lane.loading && lane.cards.length > 0 && (
          <Flex justify="center" style={{ padding: 8 }}>
            <Spin size="small" />
          </Flex>
        )}
      </div>
    </Flex>
  );
}
