import { useOnlineStatus } from '../lib/use-online-status';

export function OfflineBanner() {
  const online = useOnlineStatus();
  if (online) return null;
  return (
    <div className="banner banner--offline" role="status">
      You are offline — showing what was last synced.
    </div>
  );
}
