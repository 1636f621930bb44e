import { Avatar, Tooltip } from 'antd';
import { ApartmentOutlined, ApiOutlined, AppstoreOutlined, MessageOutlined, RobotOutlined, ShoppingOutlined, TableOutlined } from '@ant-design/icons';

/** A type's logo: the colour and icon of the service (no third-party artwork is shipped). */
const LOGOS: Record<string, { color: string; icon: React.ReactNode }> = {
  n8n: { color: '#ea4b71', icon: <ApiOutlined /> },
  webhook: { color: '#5c6bc0', icon: <ApiOutlined /> },
  typebot: { color: '#0042da', icon: <RobotOutlined /> },
  dialogflow: { color: '#ff9800', icon: <MessageOutlined /> },
  shopify: { color: '#95bf47', icon: <ShoppingOutlined /> },
  flowbuilder: { color: '#009688', icon: <ApartmentOutlined /> },
  'googlesheets-auth': { color: '#0f9d58', icon: <TableOutlined /> },
};

export function TypeLogo({ type }: { type: string }) {
  const logo = LOGOS[type] ?? { color: '#8c8c8c', icon: <AppstoreOutlined /> };
  return (
    <Tooltip title={type}>
      <Avatar size="small" style={{ background: logo.color }} icon={logo.icon} data-testid={`type-logo-${type}`} />
    </Tooltip>
  );
}
