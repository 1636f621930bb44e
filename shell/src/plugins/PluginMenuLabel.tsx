import type { ReactNode } from 'react';
import { Badge, Flex } from 'antd';
import { useUnit } from 'effector-react';
import { WidgetBoundary } from '@atende/sdk-web';
import { $webPlugins } from './web-plugins.model.js';

function Count({ useBadge }: { useBadge: () => number }) {
  const n = useBadge();
  return n > 0 ? <Badge count={n} size="small" data-testid="plugin-menu-badge" /> : null;
}

/** A plugin's drawer entry: its text and, once its remote has loaded, the number its `useBadge` gives. */
export function PluginMenuLabel({ pluginId, path, children }: { pluginId: string; path: string; children: ReactNode }) {
  const entry = useUnit($webPlugins)[pluginId]?.menu?.find((m) => m.path === path);
  return (
    <Flex align="center" justify="space-between" gap={8}>
      <span>{children}</span>
      {entry?.useBadge && (
        <WidgetBoundary pluginId={pluginId} zone="menu">
          <Count key={pluginId} useBadge={entry.useBadge} />
        </WidgetBoundary>
      )}
    </Flex>
  );
}

/** A plugin's drawer icon: the remote's own component once loaded, else the manifest's named icon. */
export function PluginMenuIcon({ pluginId, path, fallback }: { pluginId: string; path: string; fallback: ReactNode }) {
  const Icon = useUnit($webPlugins)[pluginId]?.menu?.find((m) => m.path === path)?.icon;
  if (!Icon) return <>{fallback}</>;
  return (
    <WidgetBoundary pluginId={pluginId} zone="menu">
      <span className="anticon">
        <Icon />
      </span>
    </WidgetBoundary>
  );
}
