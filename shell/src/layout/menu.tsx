import type { ReactNode } from 'react';
import {
  AppstoreOutlined,
  QuestionCircleOutlined,
  SettingOutlined,
  MessageOutlined,
  TeamOutlined,
  ApiOutlined,
  CalendarOutlined,
  DashboardOutlined,
  MobileOutlined,
} from '@ant-design/icons';
import { can, type LocalizedText, type PluginManifest, type SessionUser } from '@atende/core-contract';

/** Icon names a plugin manifest may use for its drawer entries. */
const ICONS: Record<string, ReactNode> = {
  question: <QuestionCircleOutlined />,
  settings: <SettingOutlined />,
  message: <MessageOutlined />,
  team: <TeamOutlined />,
  api: <ApiOutlined />,
  calendar: <CalendarOutlined />,
  dashboard: <DashboardOutlined />,
  phone: <MobileOutlined />,
};

export interface MenuEntry {
  path: string;
  label: string;
  icon: ReactNode;
}

type Label = LocalizedText;

/** Core drawer entries; each names the permission the server enforces on the page's calls. */
const CORE_ENTRIES: { path: string; labelKey: string; icon: string; permission: string }[] = [
  { path: '/users', labelKey: 'menu.users', icon: 'team', permission: 'users:manage' },
  { path: '/sandbox', labelKey: 'menu.sandbox', icon: 'phone', permission: 'connections-page:actionButtons' },
  { path: '/settings', labelKey: 'menu.settings', icon: 'settings', permission: 'settings:view' },
];

export function buildMenu(
  user: SessionUser,
  plugins: PluginManifest[],
  t: (key: string) => string,
  label: (l: Label) => string,
): MenuEntry[] {
  const core = CORE_ENTRIES.filter((e) => can(user, e.permission)).map((e) => ({
    path: e.path,
    label: t(e.labelKey),
    icon: ICONS[e.icon],
  }));
  const fromPlugins = plugins.flatMap((p) =>
    p.menu.map((m) => ({ path: m.path, label: label(m.label), icon: ICONS[m.icon ?? ''] ?? <AppstoreOutlined /> })),
  );
  // Plugin pages first, then users and settings, as in the drawer of the spec.
  return [...fromPlugins, ...core];
}
