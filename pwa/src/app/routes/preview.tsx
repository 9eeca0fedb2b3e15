import { Link, useLocation, useParams } from 'react-router';
import { LoadingScreen } from '../../components/full-page-status';
import { PageLayout } from '../../components/page-layout';
import { paths } from '../../config/paths';
import { loadPreviewCopy, previewQueryOptions, usePreview } from '../../features/appointments/api/get-preview';
import { ComparisonOrdersTable } from '../../features/appointments/components/detail/comparison-orders';
import { OfferView } from '../../features/appointments/components/detail/offer-view';
import { SyncedAt } from '../../features/appointments/components/detail/synced-at';
import { INACTIVE_REGISTRATION_TEXT } from '../../features/appointments/tabs';
import { loadMeCopy, meKeys, useMe } from '../../features/auth/api/get-me';
import { AgentHeader } from '../../features/auth/components/agent-header';
import { OutboxRunner } from '../../features/auth/components/outbox-runner';
import { ApiError } from '../../lib/api-client';
import { redirectParamFor } from '../../lib/safe-redirect';
import { useCopyWhilePending } from '../../lib/use-copy-while-pending';
import { useDocumentTitle } from '../../lib/use-document-title';

/**
 * The offer preview (/notary/preview/:id, where offer notifications lead): the offer with
 * Claim / Counter / Decline, a pending notice, an approved-and-assigned notice, or 'This order
 * has already been assigned.' — and the comparison orders of the area. Public route: a visitor
 * is asked to log in and comes back here.
 */
export function PreviewRoute() {
  const { id = '' } = useParams();
  const location = useLocation();
  const meQuery = useMe();
  const meResult = useCopyWhilePending(meQuery, meKeys.all, loadMeCopy);
  const me = meResult?.me ?? null;
  const active = me?.role === 'notary' && me.status === 'active';
  const preview = usePreview(id, me?.id ?? '', active);
  const mirrored = useCopyWhilePending(preview, previewQueryOptions(id, me?.id ?? '').queryKey, () =>
    me ? loadPreviewCopy(id, me.id) : Promise.resolve(null),
  );
  const view = mirrored?.data;
  useDocumentTitle(view ? view.title : 'Offer Preview');

  if (meResult === undefined && meQuery.isPending) return <LoadingScreen />;
  const loginHref = `${paths.login}?redirect=${encodeURIComponent(redirectParamFor(location))}`;

  return (
    <PageLayout header={me?.role === 'notary' ? <AgentHeader me={me} /> : undefined}>
      {me?.role === 'notary' && <OutboxRunner userId={me.id} />}
      <h1>{view ? view.title : 'Offer Preview'}</h1>
      {!me ? (
        <div className="notice notice--info">
          <p>Log in with your signing agent account to see this offer.</p>
          <Link className="button button--primary" to={loginHref}>
            Log In
          </Link>
        </div>
      ) : me.role !== 'notary' ? (
        <p className="notice notice--info">Offers are shown to signing agents only.</p>
      ) : !active ? (
        <p className="notice notice--info preserve-spaces">{INACTIVE_REGISTRATION_TEXT}</p>
      ) : mirrored === undefined && preview.isPending ? (
        <p className="status-text" role="status">
          <span className="spinner" aria-hidden="true" /> Loading the offer…
        </p>
      ) : mirrored === undefined ? (
        <div className="notice notice--error" role="alert">
          <p>
            {preview.error instanceof ApiError && preview.error.status === 404
              ? 'This offer is not available to you.'
              : preview.error instanceof ApiError
                ? preview.error.message
                : 'This offer has not been synced to this phone yet. Connect to the internet to open it.'}
          </p>
          <Link className="button button--secondary" to={paths.portal}>
            Go to the Signing Agent Portal
          </Link>
        </div>
      ) : (
        <>
          <SyncedAt mirrored={mirrored} />
          <OfferView view={mirrored.data} userId={me.id} syncedAt={mirrored.syncedAt} />
          <ComparisonOrdersTable appointmentId={id} />
        </>
      )}
    </PageLayout>
  );
}
