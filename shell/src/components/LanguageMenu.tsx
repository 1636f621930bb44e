import { Suspense, lazy, useState } from 'react';
import { Button } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useT } from '@atende/sdk-web';

// Dropdown and Menu (~16 kB gzip) are not needed to draw the sign-in page: they load on the first click.
const LanguageDropdown = lazy(() => import('./LanguageDropdown.js').then((m) => ({ default: m.LanguageDropdown })));

/** Language switcher for the public pages and the top bar; saved on the user when signed in. */
export function LanguageMenu() {
  const { t, i18n } = useT();
  const [open, setOpen] = useState(false);
  // Once the list is in use, the Dropdown opens and closes it; until then, the first click asks for it.
  const [used, setUsed] = useState(false);
  const button = (
    <Button
      type="text"
      icon={<GlobalOutlined />}
      aria-label={t('common.language')}
      data-testid="language-menu"
      onClick={used ? undefined : () => (setUsed(true), setOpen(true))}
    >
      {i18n.language.toUpperCase()}
    </Button>
  );
  if (!used) return button;
  return (
    <Suspense fallback={button}>
      <LanguageDropdown open={open} onOpenChange={setOpen}>
        {button}
      </LanguageDropdown>
    </Suspense>
  );
}
