import SubscriptionPage from './SubscriptionPage.js';

/**
 * /financeiro (commercial-admin §2), the billing area: the same screen as /subscription (plan, due date,
 * coins, renew and change plan, the invoices and their checkout), one area under the spec's two paths
 * (issue 36 item 9). Reachable when the subscription has expired.
 */
export default function FinanceiroPage() {
  return (
    <div data-testid="financeiro-page">
      <SubscriptionPage />
    </div>
  );
}
