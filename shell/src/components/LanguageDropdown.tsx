import type { ReactNode } from 'react';
import { Dropdown } from 'antd';
import { LANGUAGES, type Language } from '@atende/core-contract';
import { useT } from '@atende/sdk-web';
import { selectLanguage } from '../model/language.js';

/** The language list of LanguageMenu (antd's Dropdown and Menu: loaded on the first click). */
export function LanguageDropdown({ open, onOpenChange, children }: { open: boolean; onOpenChange: (open: boolean) => void; children: ReactNode }) {
  const { t, i18n } = useT();
  return (
    <Dropdown
      trigger={['click']}
      open={open}
      onOpenChange={onOpenChange}
      menu={{
        selectedKeys: [i18n.language],
        items: LANGUAGES.map((l) => ({ key: l, label: t(`languages.${l}`), 'data-testid': `lang-${l}` })),
        onClick: ({ key }) => {
          onOpenChange(false);
          selectLanguage(key as Language);
        },
      }}
    >
      {children}
    </Dropdown>
  );
}
