import { useMemo } from 'react';
import { Card, Empty, Tabs, Typography } from 'antd';
import { useUnit } from 'effector-react';
import { localized, useCan, useT } from '@atende/sdk-web';
import { $plugins } from '../../plugins/plugins.model.js';
import { PluginView } from '../../plugins/PluginView.js';
import { useCompanySettings } from './useCompanySettings.js';
import { OptionsTab } from './OptionsTab.js';
import { SchedulesTab } from './SchedulesTab.js';
import { CompaniesTab } from './CompaniesTab.js';
import { PlansTab } from './PlansTab.js';
import { PlatformTab } from './PlatformTab.js';

/**
 * Settings (core-operations §2): the kernel's tabs first — Options; Schedules when the schedule type is
 * 'company'; Companies, Plans and Platform for the super user — then each plugin's tabs (filtered by
 * role on the server).
 */
export function SettingsPage() {
  const { t, i18n } = useT();
  const plugins = useUnit($plugins) ?? [];
  const canView = useCan('settings:view');
  const superTabs = useCan('settings:super-tabs');
  const canGlobal = useCan('settings:global');
  const options = useCompanySettings(canView);
  const scheduleByCompany = options.settings?.scheduleType === 'company';

  const pluginTabs = useMemo(
    () =>
      plugins.flatMap((manifest) =>
        manifest.settingsTabs.map((tab) => ({
          key: `${manifest.id}:${tab.key}`,
          label: localized(tab.label, i18n.language),
          children: (
            <PluginView manifest={manifest} what={`settings tab ${tab.key}`} pick={(d) => d.settingsTabs?.find((s) => s.key === tab.key)?.load} />
          ),
        })),
      ),
    [plugins, i18n.language],
  );

  const tabs = [
    ...(canView
      ? [
          {
            key: 'options',
            label: <span data-testid="settings-tab-options">{t('settings.options')}</span>,
            children: <OptionsTab settings={options.settings} error={options.error} onRetry={options.reload} save={options.save} />,
          },
        ]
      : []),
    ...(canView && scheduleByCompany ? [{ key: 'schedules', label: <span data-testid="settings-tab-schedules">{t('settings.schedules')}</span>, children: <SchedulesTab /> }] : []),
    ...(superTabs
      ? [
          { key: 'companies', label: <span data-testid="settings-tab-companies">{t('settings.companies')}</span>, children: <CompaniesTab /> },
          { key: 'plans', label: <span data-testid="settings-tab-plans">{t('settings.plans')}</span>, children: <PlansTab /> },
        ]
      : []),
    ...(canGlobal ? [{ key: 'platform', label: <span data-testid="settings-tab-platform">{t('settings.platform')}</span>, children: <PlatformTab /> }] : []),
    ...pluginTabs,
  ];

  return (
    <Card>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('settings.title')}
      </Typography.Title>
      {tabs.length ? <Tabs items={tabs} destroyOnHidden data-testid="settings-tabs" /> : <Empty description={t('settings.empty')} />}
    </Card>
  );
}
