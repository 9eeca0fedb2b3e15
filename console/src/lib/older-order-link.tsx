import { isUuid } from '@signingdesk/domain/uuid';
import type { ReactElement } from 'react';
import { Navigate, useSearchParams } from 'react-router';

/**
 * Emails sent before decision 050 linked to `/originator?appointment=<id>` and
 * `/admin?appointment=<id>`, which opened the portal: such a link now opens the order.
 */
export function useOlderOrderLink(pathOf: (id: string) => string): ReactElement | null {
  const [params] = useSearchParams();
  const id = params.get('appointment');
  return id && isUuid(id) ? <Navigate to={pathOf(id)} replace /> : null;
}
