import { Navigate } from 'react-router-dom';

/** After sign-in the spec sends every user to /tickets (core-operations §2). */
export function HomeRedirect() {
  return <Navigate to="/tickets" replace />;
}
