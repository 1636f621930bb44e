import type { ReactNode } from 'react';
import { Card, Flex } from 'antd';
import { LanguageMenu } from './LanguageMenu.js';
import { ThemeToggle } from './ThemeToggle.js';

/** The frame of the public pages (sign-in, sign-up, password reset): centred card, language and theme on top. */
export function PublicPageFrame({ children, maxWidth = 400 }: { children: ReactNode; maxWidth?: number }) {
  return (
    <Flex vertical align="center" justify="center" style={{ minHeight: '100vh', padding: 16 }}>
      <Flex gap={4} style={{ position: 'absolute', top: 12, right: 12 }}>
        <LanguageMenu />
        <ThemeToggle />
      </Flex>
      <Card style={{ width: '100%', maxWidth, marginTop: 40 }}>{children}</Card>
    </Flex>
  );
}
