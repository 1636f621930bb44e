import { useEffect } from 'react';
import { App, Result } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import { ApiError, errorText, useCan, useT } from '@atende/sdk-web';

/** How long the no-permission message shows before going back (core-operations §6). */
export const PLAN_REFUSAL_MS = 1000;

/**
 * A page of a plugin the company's plan lacks (core-operations §6): the no-permission message, then
 * back to the previous page after 1 s (home when the page was opened directly).
 */
export function PlanRefusal() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const { t } = useT();
  const text = errorText(new ApiError(403, 'ERR_NO_PERMISSION', ''));
  // Not only "no permission": why (the plan) and who can change it (issue 36 item 8). Admins change the plan.
  const isAdmin = useCan('connections-page:addConnection');
  const why = `${t('plugins.notInPlan')} ${t(isAdmin ? 'plugins.notInPlanAdmin' : 'plugins.notInPlanUser')}`;
  useEffect(() => {
    // The toast outlives the page (which goes back after 1 s) long enough to be read.
    void message.error({ content: `${text} ${why}`, duration: 6 });
    // 'default' is the key of the first entry of this tab's history: nothing to go back to.
    const timer = setTimeout(() => (location.key === 'default' ? void navigate('/', { replace: true }) : void navigate(-1)), PLAN_REFUSAL_MS);
    return () => clearTimeout(timer);
  }, [location.pathname]);
  return <Result status="403" title={text} subTitle={<span data-testid="plan-refusal-why">{why}</span>} data-testid="plan-refusal" />;
}
