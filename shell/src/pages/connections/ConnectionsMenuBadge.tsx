import { useEffect, useState, type ReactNode } from 'react';
import { Badge, Flex, Tooltip } from 'antd';
import { useCan, useT } from '@atende/sdk-web';
import { BADGE_DELAY_MS, needsAttention, type LiveConnection } from './connectionStatus.js';
import { useConnections } from './useConnections.js';

/** The drawer entry's label for /connections; shows a warning badge when a connection needs attention. */
export function ConnectionsMenuBadge({ children }: { children: ReactNode }) {
  // Only who may see the connections page loads them (the entry is hidden from the others anyway).
  const allowed = useCan('connections-page:view');
  return allowed ? <WatchedLabel>{children}</WatchedLabel> : <>{children}</>;
}

/** Whether to warn, evaluated BADGE_DELAY_MS after the list last changed (core-operations §2, §9). */
export function useDelayedAttention(connections: readonly LiveConnection[] | null): boolean {
  const [warn, setWarn] = useState(false);
  useEffect(() => {
    if (!connections) return;
    const timer = setTimeout(() => setWarn(needsAttention(connections)), BADGE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [connections]);
  return warn;
}

function WatchedLabel({ children }: { children: ReactNode }) {
  const { t } = useT();
  // Load failures only leave the badge off: the page itself reports them.
  const { connections } = useConnections();
  const warn = useDelayedAttention(connections);
  return (
    <Flex align="center" justify="space-between" gap={8} component="span">
      <span>{children}</span>
      {warn && (
        <Tooltip title={t('connections.attention')}>
          <Badge status="warning" aria-label={t('connections.attention')} data-testid="connections-warning" />
        </Tooltip>
      )}
    </Flex>
  );
}
