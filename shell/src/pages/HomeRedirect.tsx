import { Empty, Spin } from 'antd';
import { Navigate } from 'react-router-dom';
import { useUnit } from 'effector-react';
import { useT } from '@atende/sdk-web';
import { $plugins, $pluginsError } from '../plugins/plugins.model.js';

/**
 * After sign-in the spec sends the user to /tickets; until the tickets screen lands (agents' workspace
 * issue) "/" opens the first page the user may see, so nobody lands on a blank screen.
 */
export function HomeRedirect() {
  const { t } = useT();
  const plugins = useUnit($plugins);
  const failed = useUnit($pluginsError);
  if (!plugins && !failed) return <Spin style={{ display: 'block', margin: 48 }} />;
  const first = plugins?.flatMap((p) => p.menu)[0];
  if (first) return <Navigate to={first.path} replace />;
  return <Empty style={{ marginTop: 64 }} description={t('home.empty')} />;
}
