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
  WhatsAppOutlined,
  ContactsOutlined,
  PartitionOutlined,
  TagsOutlined,
  ThunderboltOutlined,
  CheckSquareOutlined,
  FolderOpenOutlined,
  ProjectOutlined,
  NotificationOutlined,
} from '@ant-design/icons';
import { ConnectionsMenuBadge } from '../pages/connections/ConnectionsMenuBadge.js';
import { PluginMenuIcon, PluginMenuLabel } from '../plugins/PluginMenuLabel.js';
import { can, type LocalizedText, type PlanFeature, type PluginManifest, type SessionUser } from '@atende/core-contract';

/**
 * Icon names a plugin manifest may use for its drawer entries: shown before (or instead of) the remote's
 * own icon, since page-only plugins load their remote only when a page of theirs opens.
 */
const ICONS: Record<string, ReactNode> = {
  question: <QuestionCircleOutlined />,
  settings: <SettingOutlined />,
  message: <MessageOutlined />,
  team: <TeamOutlined />,
  api: <ApiOutlined />,
  calendar: <CalendarOutlined />,
  dashboard: <DashboardOutlined />,
  phone: <MobileOutlined />,
  whatsapp: <WhatsAppOutlined />,
  contacts: <ContactsOutlined />,
  queues: <PartitionOutlined />,
  tags: <TagsOutlined />,
  quick: <ThunderboltOutlined />,
  todo: <CheckSquareOutlined />,
  folder: <FolderOpenOutlined />,
  kanban: <ProjectOutlined />,
  notification: <NotificationOutlined />,
};

export interface MenuEntry {
  path: string;
  label: ReactNode;
  icon: ReactNode;
}

type Label = LocalizedText;

/** Core drawer entries; each names the permission the server enforces on the page's calls. */
const CORE_ENTRIES: { path: string; labelKey: string; icon: string; permission: string; flag?: PlanFeature }[] = [
  { path: '/connections', labelKey: 'menu.connections', icon: 'phone', permission: 'connections-page:view' },
  { path: '/tickets', labelKey: 'menu.tickets', icon: 'whatsapp', permission: 'workspace:use' },
  { path: '/quick-messages', labelKey: 'menu.quickMessages', icon: 'quick', permission: 'workspace:use' },
  { path: '/contacts', labelKey: 'menu.contacts', icon: 'contacts', permission: 'workspace:use' },
  { path: '/queues', labelKey: 'menu.queues', icon: 'queues', permission: 'queues:write' },
  { path: '/tags', labelKey: 'menu.tags', icon: 'tags', permission: 'workspace:use' },
  { path: '/users', labelKey: 'menu.users', icon: 'team', permission: 'users:manage' },
  { path: '/sandbox', labelKey: 'menu.sandbox', icon: 'message', permission: 'connections-page:actionButtons' },
  // The external API (issue 34; not /api, which is the server's): admins see the connection tokens; the plan decides whether it exists.
  { path: '/external-api', labelKey: 'menu.api', icon: 'api', permission: 'connections-page:editOrDeleteConnection', flag: 'useExternalApi' },
  { path: '/settings', labelKey: 'menu.settings', icon: 'settings', permission: 'settings:view' },
];

export function buildMenu(
  user: SessionUser,
  plugins: PluginManifest[],
  t: (key: string) => string,
  label: (l: Label) => string,
): MenuEntry[] {
  const core = CORE_ENTRIES.filter((e) => can(user, e.permission) && (!e.flag || user.company.planFlags[e.flag])).map((e) => ({
    path: e.path,
    label: e.path === '/connections' ? <ConnectionsMenuBadge>{t(e.labelKey)}</ConnectionsMenuBadge> : t(e.labelKey),
    icon: ICONS[e.icon],
  }));
  const entries = plugins.flatMap((p) =>
    p.menu.map((m) => ({
      top: m.placement === 'top',
      path: m.path,
      label: (
        <PluginMenuLabel pluginId={p.id} path={m.path}>
          {label(m.label)}
        </PluginMenuLabel>
      ),
      icon: <PluginMenuIcon pluginId={p.id} path={m.path} fallback={ICONS[m.icon ?? ''] ?? <AppstoreOutlined />} />,
    })),
  );
  // Plugin entries placed on top, the workspace entries in the spec's drawer order, then the other plugin
  // pages, then users and settings.
  const strip = ({ top: _top, ...entry }: (typeof entries)[number]): MenuEntry => entry;
  const split = core.findIndex((e) => e.path === '/users');
  const top = entries.filter((e) => e.top).map(strip);
  const rest = entries.filter((e) => !e.top).map(strip);
  return [...top, ...core.slice(0, split), ...rest, ...core.slice(split)];
}
