import { useEffect, useMemo } from 'react';
import { App as AntApp, ConfigProvider, Spin, theme as antdTheme, type ThemeConfig } from 'antd';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { useUnit } from 'effector-react';
import { $user, useT } from '@atende/sdk-web';
import { $reducedMotion, $theme, withMotion } from './model/theme.model.js';
import { antdLocaleOf } from './i18n/languages.js';
import { restoreSessionFx } from './model/session.js';
import { $plugins, $publicPlugins, $publicPluginsKnown, fetchPublicPluginsFx } from './plugins/plugins.model.js';
import { PublicPageFrame } from './components/PublicPageFrame.js';
// Not lazy: loaded lazily, a plugin's page never showed (PluginView makes the remote's component in
// render, and React drops that while the tree around it has not been shown yet, so it is made again).
import { PluginView } from './plugins/PluginView.js';
import { federationHost } from './plugins/remote-import.js';
import { SessionNotice } from './components/SessionNotice.js';
import { HomeRedirect } from './pages/HomeRedirect.js';
import { firstScreenOf } from './first-screen.js';
import { prefetchTicketsScreen } from './pages/tickets/first-requests.js';
import { PrivateRoute, PublicRoute, RequirePermission } from './routes/guards.js';
import { screen, screensLoaded } from './routes/screen.js';
import { ReadySuspense } from './components/ReadySuspense.js';

const MainLayout = screen(() => import('./layout/MainLayout.js'), (m) => m.MainLayout);
const LoginPage = screen(() => import('./pages/LoginPage.js'), (m) => m.LoginPage);
const SignupPage = screen(() => import('./pages/signup/SignupPage.js'), (m) => m.SignupPage);
const ForgotPasswordPage = screen(() => import('./pages/forgot/ForgotPasswordPage.js'), (m) => m.ForgotPasswordPage);
const TicketsPage = screen(() => import('./pages/tickets/TicketsPage.js'), (m) => m.TicketsPage);
const ConnectionsPage = screen(() => import('./pages/connections/ConnectionsPage.js'), (m) => m.ConnectionsPage);
const QueuesPage = screen(() => import('./pages/queues/QueuesPage.js'), (m) => m.QueuesPage);
const ContactsPage = screen(() => import('./pages/contacts/ContactsPage.js'), (m) => m.ContactsPage);
const TagsPage = screen(() => import('./pages/tags/TagsPage.js'), (m) => m.TagsPage);
const QuickMessagesPage = screen(() => import('./pages/quick-messages/QuickMessagesPage.js'), (m) => m.QuickMessagesPage);
const UsersPage = screen(() => import('./pages/users/UsersPage.js'), (m) => m.UsersPage);
const SandboxPage = screen(() => import('./pages/sandbox/SandboxPage.js'), (m) => m.SandboxPage);
const ApiPage = screen(() => import('./pages/api/ApiPage.js'), (m) => m.ApiPage);
const SettingsPage = screen(() => import('./pages/settings/SettingsPage.js'), (m) => m.SettingsPage);
const NotFoundPage = screen(() => import('./pages/NotFoundPage.js'), (m) => m.NotFoundPage);
const PlanRefusal = screen(() => import('./plugins/PlanRefusal.js'), (m) => m.PlanRefusal);
/** The signed-in screens of SHELL_PATH (first-screen.ts) by their path's first segment, as routed below. */
const SHELL_SCREENS: Partial<Record<string, { preload: () => void }>> = {
  connections: ConnectionsPage,
  queues: QueuesPage,
  contacts: ContactsPage,
  tags: TagsPage,
  'quick-messages': QuickMessagesPage,
  users: UsersPage,
  sandbox: SandboxPage,
  'external-api': ApiPage,
  settings: SettingsPage,
};

/**
 * A signed-in visit of the workspace (a stored token, on / or /tickets): the main layout and the tickets
 * screen download while /auth/me restores the session, instead of one after the other once it has
 * (issue 37 item 4: the first /tickets visit waited for three steps in a row before asking for its list),
 * and the tickets screen's first requests start as soon as the user is known (first-requests.ts).
 */
let ticketsRequestsWatch: (() => void) | undefined;
export function preloadFirstScreen(signedIn: boolean, path: string): void {
  if (!signedIn) return;
  MainLayout.preload();
  const first = firstScreenOf(path);
  if (first === 'tickets') {
    TicketsPage.preload();
    ticketsRequestsWatch ??= restoreSessionFx.done.watch(({ result }) => {
      ticketsRequestsWatch?.();
      const user = $user.getState();
      if (result && user) prefetchTicketsScreen(user);
    });
  }
  // A plugin's page (issue 32: the first view of /dashboard): the federation runtime and the shared
  // modules load while the session and the plugin list are asked for, not after them.
  else if (first === 'plugin') void federationHost().catch(() => undefined);
  // Another of the shell's screens: its code too, not only once the layout has drawn (a first /contacts
  // asked for its chunk at ~1.5 s, after the layout, instead of at ~0.7 s).
  else SHELL_SCREENS[path.split('/')[1] ?? '']?.preload();
}

function AppRoutes() {
  const plugins = useUnit($plugins) ?? [];
  const restoring = useUnit(restoreSessionFx.pending);
  const pluginRoutes = useMemo(
    () =>
      plugins.flatMap((manifest) =>
        manifest.routes.map((r) => (
          <Route
            key={`${manifest.id}:${r.path}`}
            path={r.path}
            element={
              // A plugin (or a page of it) the plan lacks: "no permission" and back, not "not found".
              manifest.locked || r.locked ? <PlanRefusal /> : <PluginView manifest={manifest} what={`route ${r.path}`} pick={(d) => d.routes?.find((x) => x.path === r.path)?.load} />
            }
          />
        )),
      ),
    [plugins],
  );
  const publicPlugins = useUnit($publicPlugins);
  const publicKnown = useUnit($publicPluginsKnown);
  useEffect(() => void fetchPublicPluginsFx().catch(() => undefined), []);
  // Public plugin pages render with or without a session, in the public frame.
  const publicRoutes = useMemo(
    () =>
      publicPlugins.flatMap((manifest) =>
        manifest.routes.map((r) => (
          <Route
            key={`public:${manifest.id}:${r.path}`}
            path={r.path}
            element={
              <PublicPageFrame maxWidth={640}>
                <PluginView manifest={manifest} what={`route ${r.path}`} pick={(d) => d.routes?.find((x) => x.path === r.path)?.load} />
              </PublicPageFrame>
            }
          />
        )),
      ),
    [publicPlugins],
  );
  if (restoring || !publicKnown) return <Spin fullscreen />;
  return (
    // Screens load on first visit; pages inside the main layout wait in its own Suspense instead.
    <ReadySuspense fallback={<Spin fullscreen />} ready={screensLoaded}>
      <Routes>
        <Route path="/login" element={<PublicRoute><LoginPage /></PublicRoute>} />
        <Route path="/signup" element={<PublicRoute><SignupPage /></PublicRoute>} />
        <Route path="/forgetpsw" element={<PublicRoute><ForgotPasswordPage /></PublicRoute>} />
        {publicRoutes}
        <Route element={<PrivateRoute><MainLayout /></PrivateRoute>}>
          <Route index element={<HomeRedirect />} />
          <Route path="/tickets/:ticketId?" element={<TicketsPage />} />
          <Route path="/connections" element={<RequirePermission permission="connections-page:view"><ConnectionsPage /></RequirePermission>} />
          <Route path="/queues" element={<RequirePermission permission="queues:write"><QueuesPage /></RequirePermission>} />
          <Route path="/contacts" element={<ContactsPage />} />
          <Route path="/tags" element={<TagsPage />} />
          <Route path="/quick-messages" element={<QuickMessagesPage />} />
          <Route path="/users" element={<RequirePermission permission="users:manage"><UsersPage /></RequirePermission>} />
          <Route path="/sandbox" element={<RequirePermission permission="connections-page:actionButtons"><SandboxPage /></RequirePermission>} />
          <Route path="/external-api" element={<RequirePermission permission="connections-page:editOrDeleteConnection"><ApiPage /></RequirePermission>} />
          <Route path="/settings" element={<SettingsPage />} />
          {pluginRoutes}
          <Route path="*" element={plugins.length || !restoring ? <NotFoundPage /> : null} />
        </Route>
      </Routes>
    </ReadySuspense>
  );
}

const BRAND = '#128c7e';
const LIGHT_THEME: ThemeConfig = { algorithm: antdTheme.defaultAlgorithm, token: { colorPrimary: BRAND } };
// darkAlgorithm derives the selected backgrounds from the brand teal, which leaves teal text (drawer)
// and teal buttons (selected ticket row) on a teal-tinted surface: a neutral slate keeps them legible.
const DARK_THEME: ThemeConfig = {
  algorithm: antdTheme.darkAlgorithm,
  token: { colorPrimary: BRAND, controlItemBgActive: '#2a3a40', controlItemBgActiveHover: '#324650' },
  components: { Menu: { itemSelectedBg: '#1d4d47', itemSelectedColor: '#ffffff' } },
};

export function App() {
  const [mode, reducedMotion] = useUnit([$theme, $reducedMotion]);
  const { i18n } = useT();
  const locale = antdLocaleOf(i18n.language);
  const theme = useMemo(() => withMotion(mode === 'dark' ? DARK_THEME : LIGHT_THEME, !reducedMotion), [mode, reducedMotion]);
  return (
    <ConfigProvider locale={locale} theme={theme}>
      <AntApp message={{ maxCount: 3 }}>
        <SessionNotice />
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AntApp>
    </ConfigProvider>
  );
}
