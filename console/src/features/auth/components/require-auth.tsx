import type { Role } from '@signingdesk/domain/roles';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { useMe } from '../api/get-me';
import { loginPathFor } from '../utils/redirect-target';
import { AccessDenied } from './access-denied';
import { SessionCheckFailed } from './session-check-failed';

type RequireAuthProps = {
  /** Roles that may open the child routes; any signed-in user when left out. */
  roles?: readonly Role[];
};

/**
 * Layout route guarding its children: a visitor is sent to the login page, which brings them
 * back to this path, query string and #part (a notification's link to an order's messages); a signed-in user of another role gets a page saying so.
 */
export function RequireAuth({ roles }: RequireAuthProps) {
  const me = useMe();
  const location = useLocation();

  if (me.isPending) return <LoadingSpinner />;
  if (me.data === undefined) return <SessionCheckFailed onRetry={() => void me.refetch()} />;

  const user = me.data;
  if (!user) return <Navigate to={loginPathFor(location.pathname + location.search + location.hash)} replace />;
  if (roles && !roles.includes(user.role)) return <AccessDenied user={user} />;
  return <Outlet />;
}
