import { useEffect, useMemo } from 'react';
import { App as AntApp, ConfigProvider, Spin, theme as antdTheme, type ThemeConfig } from 'antd';
import esES from 'antd/locale/es_ES';
import ptBR from 'antd/locale/pt_BR';
import enUS from 'antd/locale/en_US';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { useUnit } from 'effector-react';
import { useT } from '@atende/sdk-web';
import { $theme } from './model/theme.model.js';
import { restoreSessionFx } from './model/session.js';
import { $plugins, $publicPlugins, $publicPluginsKnown, fetchPublicPluginsFx } from './plugins/plugins.model.js';
import { PublicPageFrame } from './components/PublicPageFrame.js';
import { PluginView } from './plugins/PluginView.js';
import { PlanRefusal } from './plugins/PlanRefusal.js';
import { MainLayout } from './layout/MainLayout.js';
import { LoginPage } from './pages/LoginPage.js';
import { SettingsPage } from './pages/settings/SettingsPage.js';
import { SignupPage } from './pages/signup/SignupPage.js';
import { ForgotPasswordPage } from './pages/forgot/ForgotPasswordPage.js';
import { UsersPage } from './pages/users/UsersPage.js';
import { SandboxPage } from './pages/sandbox/SandboxPage.js';
import { TicketsPage } from './pages/tickets/TicketsPage.js';
import { ConnectionsPage } from './pages/connections/ConnectionsPage.js';
import { QueuesPage } from './pages/queues/QueuesPage.js';
import { ContactsPage } from './pages/contacts/ContactsPage.js';
import { TagsPage } from './pages/tags/TagsPage.js';
import { QuickMessagesPage } from './pages/quick-messages/QuickMessagesPage.js';
import { SessionNotice } from './components/SessionNotice.js';
import { NotFoundPage } from './pages/NotFoundPage.js';
import { HomeRedirect } from './pages/HomeRedirect.js';
import { PrivateRoute, PublicRoute, RequirePermission } from './routes/guards.js';

const ANTD_LOCALES = { es: esES, pt: ptBR, en: enUS } as const;

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
              // A plugin the plan lacks: "no permission" and back, not "not found".
              manifest.locked ? <PlanRefusal /> : <PluginView manifest={manifest} what={`route ${r.path}`} pick={(d) => d.routes?.find((x) => x.path === r.path)?.load} />
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
        <Route path="/settings" element={<SettingsPage />} />
        {pluginRoutes}
        <Route path="*" element={plugins.length || !restoring ? <NotFoundPage /> : null} />
      </Route>
    </Routes>
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
  const mode = useUnit($theme);
  const { i18n } = useT();
  const locale = ANTD_LOCALES[i18n.language as keyof typeof ANTD_LOCALES] ?? esES;
  return (
    <ConfigProvider
      locale={locale}
      theme={mode === 'dark' ? DARK_THEME : LIGHT_THEME}
    >
      <AntApp message={{ maxCount: 3 }}>
        <SessionNotice />
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AntApp>
    </ConfigProvider>
  );
}
