import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useCurrentUser } from '@atende/sdk-web';

/** Private routes need a signed-in user; an unauthenticated visit goes to /login (core-operations §2). */
export function PrivateRoute({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  const location = useLocation();
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <>{children}</>;
}

/** Public routes (login) send a signed-in user to / instead. */
export function PublicRoute({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  if (user) return <Navigate to="/" replace />;
  return <>{children}</>;
}
