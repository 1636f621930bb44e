import { useMemo } from 'react';
import { Card, Empty, Tabs, Typography } from 'antd';
import { useUnit } from 'effector-react';
import { localized, useT } from '@atende/sdk-web';
import { $plugins } from '../plugins/plugins.model.js';
import { PluginView } from '../plugins/PluginView.js';

/** Settings tabs: each comes from a plugin manifest (already filtered by role on the server). */
export function SettingsPage() {
  const { t, i18n } = useT();
  const plugins = useUnit($plugins) ?? [];
  const tabs = useMemo(
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
  return (
    <Card>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('settings.title')}
      </Typography.Title>
      {tabs.length ? <Tabs items={tabs} destroyOnHidden /> : <Empty description={t('settings.empty')} />}
    </Card>
  );
}
