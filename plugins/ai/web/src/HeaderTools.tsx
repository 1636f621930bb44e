import { lazy, Suspense, useState } from 'react';
import { Button, Tooltip } from 'antd';
import { PictureOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useCan, useT } from '@atende/sdk-web';
import { AI_PERMISSIONS } from '@atende/plugin-ai-contract';

const CreditsDialog = lazy(() => import('./CreditsDialog.js'));
const ImagesDialog = lazy(() => import('./ImagesDialog.js'));

/** Two header buttons: the Credits dialog and the image generator (their panels load when opened). */
export default function HeaderTools() {
  const { t } = useT('ai');
  const canUse = useCan('ai:use', AI_PERMISSIONS);
  const [open, setOpen] = useState<'credits' | 'images' | null>(null);
  if (!canUse) return null;
  return (
    <>
      <Tooltip title={t('credits.title')}>
        <Button type="text" icon={<ThunderboltOutlined />} aria-label={t('credits.title')} onClick={() => setOpen('credits')} data-testid="ai-credits-open" />
      </Tooltip>
      <Tooltip title={t('images.title')}>
        <Button type="text" icon={<PictureOutlined />} aria-label={t('images.title')} onClick={() => setOpen('images')} data-testid="ai-images-open" />
      </Tooltip>
      <Suspense fallback={null}>
        {open === 'credits' && <CreditsDialog onClose={() => setOpen(null)} />}
        {open === 'images' && <ImagesDialog onClose={() => setOpen(null)} />}
      </Suspense>
    </>
  );
}
