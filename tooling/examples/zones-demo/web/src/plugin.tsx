import { Button } from 'antd';
import { definePluginManifest } from '@atende/core-contract';
import { defineWebPlugin } from '@atende/sdk-web';

// The pages of the server's manifest (src/index.ts): an example without a contract package, so the
// remote names them here (a real plugin imports its contract's manifest instead).
const ZONES_DEMO_MANIFEST = definePluginManifest({
  pages: { home: { path: '/zones-demo' }, pay: { path: '/zones-demo/pay', allowExpired: true }, callback: { path: '/zones-demo/callback', public: true } },
});

function Page({ testId, text }: { testId: string; text: string }) {
  return <div data-testid={testId}>{text}</div>;
}

/** Its widgets: one per zone, and one in the ticket header that throws on purpose. */
export default defineWebPlugin({
  id: 'zones-demo',
  manifest: ZONES_DEMO_MANIFEST,
  pages: {
    home: async () => ({ default: () => <Page testId="zones-demo-home" text="Demo" /> }),
    pay: async () => ({ default: () => <Page testId="zones-demo-pay" text="Pague aquí" /> }),
    callback: async () => ({ default: () => <Page testId="zones-demo-callback" text="Conectado" /> }),
  },
  menu: [{ path: '/zones-demo', useBadge: () => 4 }],
  widgets: [
    {
      zone: 'ticket.header.actions',
      load: async () => ({ default: ({ context }) => <Button size="small" data-testid="zones-demo-ticket">{`#${context.ticket.id}`}</Button> }),
    },
    {
      zone: 'ticket.header.actions',
      load: async () => ({
        default: () => {
          throw new Error('zones-demo widget fails on purpose');
        },
      }),
    },
    { zone: 'layout.header', load: async () => ({ default: () => <Button size="small" data-testid="zones-demo-bell">🔔</Button> }) },
    {
      zone: 'connection.row.actions',
      load: async () => ({ default: ({ context }) => <Button size="small" data-testid={`zones-demo-connection-${context.connection.id}`}>↻</Button> }),
    },
  ],
});
