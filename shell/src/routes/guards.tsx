import { lazy, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useCan, useCurrentUser } from '@atende/sdk-web';

// antd's Result (with its illustrations) loads only when a refusal is shown.
const Forbidden = lazy(() => import('./Forbidden.js').then((m) => ({ default: m.Forbidden })));

/** Private routes need a signed-in user; an unauthenticated visit goes to /login (core-operations §2). */
export function PrivateRoute({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  const location = useLocation();
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <>{children}</>;
}

/** Public routes (login, sign-up, password reset) send a signed-in user to / instead. */
export function PublicRoute({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  if (user) return <Navigate to="/" replace />;
  return <>{children}</>;
}

/** A kernel page for some roles only (the server refuses the calls anyway; this avoids a page of errors). */
export function RequirePermission({ permission, children }: { permission: string; children: ReactNode }) {
  const allowed = useCan(permission);
  if (!allowed) return <Forbidden />;
  return <>{children}</>;
}
