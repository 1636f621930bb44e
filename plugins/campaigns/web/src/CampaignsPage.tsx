import { Card, Tabs, Typography } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { useT } from '@atende/sdk-web';
import { ContactListsTab } from './contact-lists/ContactListsTab.js';
import { CampaignsTab } from './campaigns/CampaignsTab.js';
import { SettingsTab } from './campaigns/SettingsTab.js';

/**
 * /difusiones (automation-productivity §2): the campaigns page with its three tabs (campaigns, contact
 * lists, campaign settings). The open tab is kept in the address (?tab=…), so the items and report
 * pages can come back to it.
 */
export default function CampaignsPage() {
  const { t } = useT('campaigns');
  const [params, setParams] = useSearchParams();
  const tabs = [
    { key: 'campaigns', label: t('tabs.campaigns'), children: <CampaignsTab /> },
    { key: 'contactLists', label: t('tabs.contactLists'), children: <ContactListsTab /> },
    { key: 'settings', label: t('tabs.settings'), children: <SettingsTab /> },
  ];
  const active = tabs.some((tab) => tab.key === params.get('tab')) ? params.get('tab')! : tabs[0].key;
  return (
    <Card data-testid="campaigns-page">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('title')}
      </Typography.Title>
      <Tabs activeKey={active} onChange={(key) => setParams({ tab: key }, { replace: true })} items={tabs} destroyOnHidden />
    </Card>
  );
}
