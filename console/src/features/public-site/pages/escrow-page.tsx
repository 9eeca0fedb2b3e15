import { InfoPage } from '../components/info-page';

export function EscrowPage() {
  return (
    <InfoPage
      title="Register as an Escrow Officer"
      description="Title and escrow staff apply here for an account to order and track signing appointments."
    />
  );
}
