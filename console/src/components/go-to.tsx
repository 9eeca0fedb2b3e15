import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { isExternalPath } from '../config/paths';
import { LoadingSpinner } from './loading-spinner';

/**
 * Sends the browser to `target`, replacing the current history entry. Paths of another app on
 * this origin (the agent PWA at /notary/) need a full page load, not the console router.
 */
export function GoTo({ target }: { target: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    if (isExternalPath(target)) window.location.assign(target);
    else void navigate(target, { replace: true });
  }, [target, navigate]);
  return <LoadingSpinner />;
}
