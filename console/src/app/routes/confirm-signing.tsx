import { useParams } from 'react-router';
import { SignerLinkPage } from '../../features/signer-link/components/signer-link-page';

/** /confirm/:token — a signer's confirmation link (issue 33, item 3), outside the console's frame. */
export function ConfirmSigningRoute() {
  const { token = '' } = useParams();
  return <SignerLinkPage token={token} />;
}
