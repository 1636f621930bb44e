import type { ReactNode } from 'react';
import { Flex, theme } from 'antd';
import { LanguageMenu } from './LanguageMenu.js';
import { ThemeToggle } from './ThemeToggle.js';

/** The frame of the public pages (sign-in, sign-up, password reset): centred card, language and theme on top. */
export function PublicPageFrame({ children, maxWidth = 400 }: { children: ReactNode; maxWidth?: number }) {
  const { token } = theme.useToken();
  // A box drawn like antd's Card: Card itself brings Tabs and Skeleton (~14 kB gzip) to the sign-in page.
  const card = {
    width: '100%',
    maxWidth,
    marginTop: 40,
    padding: token.paddingLG,
    color: token.colorText,
    background: token.colorBgContainer,
    border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
    borderRadius: token.borderRadiusLG,
  };
  return (
    <Flex vertical align="center" justify="center" style={{ minHeight: '100vh', padding: 16 }}>
      <Flex gap={4} style={{ position: 'absolute', top: 12, right: 12 }}>
        <LanguageMenu />
        <ThemeToggle />
      </Flex>
      <div style={card}>{children}</div>
    </Flex>
  );
}
