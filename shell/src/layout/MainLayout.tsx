import { Suspense, lazy, useEffect, useMemo, useRef, useState } from 'react';
import { Avatar, Button, Dropdown, Flex, Layout, Menu, Spin, Typography, theme } from 'antd';
import { GlobalOutlined, LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from '@ant-design/icons';
import { Navigate, Outlet, matchPath, useLocation, useNavigate } from 'react-router-dom';
import { useUnit } from 'effector-react';
import { APP_VERSION, LANGUAGES, type Language } from '@atende/core-contract';
import { formatDate, localized, useCan, useCurrentUser, useT, Zone } from '@atende/sdk-web';
import { $plugins, fetchPluginsFx } from '../plugins/plugins.model.js';
import { logoutFx } from '../model/session.js';
import { selectLanguage } from '../model/language.js';
import { LanguageMenu } from '../components/LanguageMenu.js';
import { ThemeToggle } from '../components/ThemeToggle.js';
import { buildMenu } from './menu.js';
import { useViewportWidth } from './useViewport.js';
import { useSubscriptionWatch } from './subscription.js';
import { RemoteRefusalNotices } from '../plugins/RemoteRefusalNotices.js';
import { firstContentShown, useAfterFirstContent } from '../plugins/first-content.js';
import { firstScreenOf } from '../first-screen.js';
import { ReadySuspense } from '../components/ReadySuspense.js';
import { screensLoaded } from '../routes/screen.js';

export const DRAWER_WIDTH = 264;

/**
 * The drawer's menu and footer are drawn once the first screen's content is (first-content.ts), or after
 * this long at most. An admin's menu is ~25 antd Menu items with icons: rendering them and their styles
 * held a first view back by ~0.15 s (/tickets, an agent) to ~0.45 s (/dashboard, an admin) on a slow
 * machine (README, Performance). The drawer keeps its width and title meanwhile, so nothing moves.
 */
const DRAWER_FILL_MAX_MS = 3000;

// The temporary drawer of narrow screens (below 600 px): a wide screen shows the sider and never loads it.
const Drawer = lazy(() => import('antd/es/drawer/index.js'));

// The drawer menu's profile dialog: loaded when first opened.
const ProfileModal = lazy(() => import('./ProfileModal.js').then((m) => ({ default: m.ProfileModal })));

// Shown only to a company whose subscription ran out: loaded then.
const ExpiredPage = lazy(() => import('../pages/ExpiredPage.js').then((m) => ({ default: m.ExpiredPage })));

/** Main layout of core-operations §2: drawer 264 px (open above 1200 px, temporary below 600 px), top bar, footer. */
export function MainLayout() {
  const { t, i18n } = useT();
  const user = useCurrentUser()!;
  const plugins = useUnit($plugins) ?? [];
  const width = useViewportWidth();
  const temporary = width < 600;
  // The company option initialSideMenu (core-operations §3): the wide-screen drawer starts open or closed.
  const startsOpen = user.company.settings.find((s) => s.key === 'initialSideMenu')?.value !== 'closed';
  const [open, setOpen] = useState(width > 1200 && startsOpen);
  const navigate = useNavigate();
  const location = useLocation();
  const { token } = theme.useToken();
  const { expired } = useSubscriptionWatch();
  const isAdmin = useCan('app:version');
  // null until first opened, so the dialog's code loads only then.
  const [profileOpen, setProfileOpen] = useState<boolean | null>(null);
  const showDueDate = useCan('app:due-date');
  const drawerFilled = useAfterFirstContent(DRAWER_FILL_MAX_MS);

  const wide = width > 1200;
  useEffect(() => setOpen(wide && startsOpen), [wide]);

  // An expired subscription hides the menu: only plugin pages marked allowExpired (billing's payment
  // page) may be reached (core-operations §4); the server lists only those while expired.
  const expiredRoutes = useMemo(() => plugins.flatMap((p) => (p.locked ? [] : p.routes.filter((r) => r.allowExpired).map((r) => r.path))), [plugins]);
  const entries = useMemo(() => {
    const all = buildMenu(user, plugins, t, (l) => localized(l, i18n.language));
    return expired ? all.filter((e) => expiredRoutes.includes(e.path)) : all;
  }, [expired, expiredRoutes, user, plugins, t, i18n.language]);
  // Expired or renewed meanwhile: what the server lists changes with it.
  const lastExpired = useRef(expired);
  useEffect(() => {
    if (lastExpired.current !== expired) void fetchPluginsFx();
    lastExpired.current = expired;
  }, [expired]);
  const onExpiredRoute = expiredRoutes.some((path) => matchPath(path, location.pathname));
  const landing = expiredRoutes.find((path) => !path.includes(':'));
  const selected = entries.find((e) => location.pathname === e.path || location.pathname.startsWith(`${e.path}/`))?.path;
  const dueDate = user.company.dueDate ? formatDate(user.company.dueDate, i18n.language) : null;

  const menu = (
    <Menu
      mode="inline"
      selectedKeys={selected ? [selected] : []}
      items={entries.map((e) => ({ key: e.path, icon: e.icon, label: e.label, 'data-testid': `menu-${e.path.slice(1)}` }))}
      onClick={({ key }) => {
        navigate(key);
        if (temporary) setOpen(false);
      }}
      style={{ borderInlineEnd: 0, flex: 1, overflowY: 'auto' }}
    />
  );

  const footer = (
    <Flex vertical gap={4} style={{ padding: 12, borderTop: `1px solid ${token.colorBorderSecondary}` }}>
      <Flex align="center" justify="space-between" gap={8}>
        <Typography.Text strong ellipsis data-testid="drawer-company">
          {user.company.name}
        </Typography.Text>
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'profile', icon: <UserOutlined />, label: `${t('layout.profile')}: ${user.name}`, 'data-testid': 'profile-open' } as never,
              {
                key: 'language',
                icon: <GlobalOutlined />,
                label: t('common.language'),
                children: LANGUAGES.map((l) => ({ key: `lang:${l}`, label: t(`languages.${l}`) })),
              },
              { key: 'logout', icon: <LogoutOutlined />, label: t('layout.logout'), 'data-testid': 'logout' } as never,
            ],
            onClick: ({ key }) => {
              if (key === 'logout') void logoutFx();
              else if (key === 'profile') setProfileOpen(true);
              else if (key.startsWith('lang:')) selectLanguage(key.slice(5) as Language);
            },
          }}
        >
          <Button type="text" icon={<Avatar size="small" icon={<UserOutlined />} />} data-testid="user-menu" aria-label={t('layout.profile')} />
        </Dropdown>
      </Flex>
      {profileOpen !== null && (
        <Suspense fallback={null}>
          <ProfileModal open={profileOpen} onClose={() => setProfileOpen(false)} />
        </Suspense>
      )}
      {/* Plugins add a line here (billing's "renew here", say). */}
      <Zone name="layout.drawer.footer" context={{ collapsed: !open }} />
      {isAdmin && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="app-version">
          {t('layout.version', { version: APP_VERSION })}
        </Typography.Text>
      )}
    </Flex>
  );

  const drawerBody = (
    // Named "drawer" once filled: a test waiting for it (or a check that an entry is absent) sees the menu drawn.
    <Flex vertical style={{ height: '100%' }} data-testid={drawerFilled ? 'drawer' : 'drawer-filling'}>
      <Flex align="center" style={{ height: 56, paddingInline: 20 }}>
        <Typography.Title level={4} style={{ margin: 0, color: token.colorPrimary }}>
          Atende
        </Typography.Title>
      </Flex>
      {drawerFilled ? menu : <div style={{ flex: 1 }} />}
      {drawerFilled && footer}
    </Flex>
  );

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {temporary ? (
        <Suspense fallback={null}>
          <Drawer placement="left" open={open} onClose={() => setOpen(false)} size={DRAWER_WIDTH} styles={{ body: { padding: 0 } }} closable={false}>
            {drawerBody}
          </Drawer>
        </Suspense>
      ) : (
        <Layout.Sider
          width={DRAWER_WIDTH}
          collapsedWidth={0}
          collapsed={!open}
          trigger={null}
          theme="light"
          style={{ position: 'sticky', top: 0, height: '100vh', borderInlineEnd: `1px solid ${token.colorBorderSecondary}` }}
        >
          {drawerBody}
        </Layout.Sider>
      )}
      <Layout>
        <Layout.Header
          style={{
            background: token.colorBgContainer,
            paddingInline: 12,
            display: 'flex',
            alignItems: 'center',
            gap: 8,
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          <Button
            type="text"
            aria-label={open ? t('layout.closeMenu') : t('layout.openMenu')}
            icon={open ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
            onClick={() => setOpen((o) => !o)}
            data-testid="drawer-toggle"
          />
          <Flex vertical style={{ flex: 1, minWidth: 0, lineHeight: 1.3 }}>
            <Typography.Text ellipsis data-testid="greeting">
              {/* The open drawer's footer already names the company: said once on screen (issue 36 item 9). */}
              {open ? t('layout.greetingShort', { name: user.name }) : t('layout.greeting', { name: user.name, company: user.company.name })}
            </Typography.Text>
            {showDueDate && dueDate && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="due-date">
                {t('layout.dueDate', { date: dueDate })}
              </Typography.Text>
            )}
          </Flex>
          {/* Plugins add buttons to the top bar here (announcements' bell, say). */}
          <Zone name="layout.header" context={{}} />
          <LanguageMenu />
          <ThemeToggle />
        </Layout.Header>
        <Layout.Content style={{ padding: temporary ? 8 : 16 }}>
          <RemoteRefusalNotices />
          {!expired || onExpiredRoute ? (
            // Pages are lazy (App.tsx): one loading keeps the menu and top bar on screen.
            <ReadySuspense fallback={<Spin style={{ display: 'block', padding: 48 }} data-testid="page-loading" />} ready={screensLoaded}>
              <Outlet />
              {firstScreenOf(location.pathname) === 'shell' && <ScreenShown />}
            </ReadySuspense>
          ) : landing ? (
            <Navigate to={landing} replace />
          ) : (
            <Suspense fallback={null}>
              <ExpiredPage />
              <ScreenShown />
            </Suspense>
          )}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

/**
 * Committed with the screen it follows (the same Suspense), so once that screen is drawn: the first
 * content of one of the shell's screens (the tickets screen and plugin pages tell for themselves), after
 * which the plugins with badges and widgets load (first-content.ts).
 */
function ScreenShown() {
  useEffect(() => firstContentShown(), []);
  return null;
}
