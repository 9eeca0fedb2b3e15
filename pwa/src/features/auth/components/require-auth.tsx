import { Navigate, Outlet, useLocation, useOutletContext } from 'react-router';
import { FullPageStatus, LoadingScreen } from '../../../components/full-page-status';
import { paths } from '../../../config/paths';
import { redirectParamFor } from '../../../lib/safe-redirect';
import type { Me } from '../../../types/api';
import { loadMeCopy, meKeys, useMe } from '../api/get-me';
import { useCopyWhilePending } from '../../../lib/use-copy-while-pending';
import { OutboxRunner } from './outbox-runner';
import { WrongRole } from './wrong-role';

/**
 * Layout route for screens that need a signed-in signing agent. Nobody signed in → the login
 * page, remembering the path and query (`/notary/login?redirect=…`). Another role → a page
 * pointing to that role's portal. The agent is handed to child routes via `useSignedInAgent`.
 */
export function RequireAuth() {
  const location = useLocation();
  const meQuery = useMe();
  const result = useCopyWhilePending(meQuery, meKeys.all, loadMeCopy);

  if (result === undefined && meQuery.isPending) return <LoadingScreen />;
  if (result === undefined) {
    return (
      <FullPageStatus>
        <div className="notice notice--error" role="alert">
          <p>Could not reach SigningDesk. Check your connection and try again.</p>
          <button type="button" className="button button--secondary" onClick={() => void meQuery.refetch()}>
            Retry
          </button>
        </div>
      </FullPageStatus>
    );
  }

  const { me } = result;
  if (!me) {
    const redirect = encodeURIComponent(redirectParamFor(location));
    return <Navigate to={`${paths.login}?redirect=${redirect}`} replace />;
  }
  if (me.role !== 'notary') return <WrongRole me={me} />;
  return (
    <>
      <OutboxRunner userId={me.id} />
      <Outlet context={me satisfies Me} />
    </>
  );
}

export function useSignedInAgent(): Me {
  return useOutletContext<Me>();
}
