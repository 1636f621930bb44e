import { Button, Tooltip } from 'antd';
import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { useUnit } from 'effector-react';
import { useT } from '@atende/sdk-web';
import { $theme, themeToggled } from '../model/theme.model.js';

export function ThemeToggle() {
  const { t } = useT();
  const theme = useUnit($theme);
  const label = theme === 'dark' ? t('layout.themeLight') : t('layout.themeDark');
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        aria-label={label}
        data-testid="theme-toggle"
        icon={theme === 'dark' ? <SunOutlined /> : <MoonOutlined />}
        onClick={() => themeToggled()}
      />
    </Tooltip>
  );
}
