import { Button, Dropdown } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { LANGUAGES, type Language } from '@atende/core-contract';
import { useT } from '@atende/sdk-web';
import { selectLanguage } from '../model/language.js';

/** Language switcher for the public pages and the top bar; saved on the user when signed in. */
export function LanguageMenu() {
  const { t, i18n } = useT();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectedKeys: [i18n.language],
        items: LANGUAGES.map((l) => ({ key: l, label: t(`languages.${l}`), 'data-testid': `lang-${l}` })),
        onClick: ({ key }) => selectLanguage(key as Language),
      }}
    >
      <Button type="text" icon={<GlobalOutlined />} aria-label={t('common.language')} data-testid="language-menu">
        {i18n.language.toUpperCase()}
      </Button>
    </Dropdown>
  );
}
