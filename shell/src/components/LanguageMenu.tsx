import { Button, Dropdown } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { LANGUAGES, type Language } from '@atende/core-contract';
import { changeLanguage, useT } from '@atende/sdk-web';

/** Language switcher for the login page and the top bar; kept locally (saving it per user comes with the users API). */
export function LanguageMenu() {
  const { t, i18n } = useT();
  const select = (lang: Language) => void changeLanguage(lang);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectedKeys: [i18n.language],
        items: LANGUAGES.map((l) => ({ key: l, label: t(`languages.${l}`), 'data-testid': `lang-${l}` })),
        onClick: ({ key }) => select(key as Language),
      }}
    >
      <Button type="text" icon={<GlobalOutlined />} aria-label={t('common.language')} data-testid="language-menu">
        {i18n.language.toUpperCase()}
      </Button>
    </Dropdown>
  );
}
