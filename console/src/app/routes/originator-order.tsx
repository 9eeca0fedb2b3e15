import { useParams } from 'react-router';
import { Page } from '../../components/page';
import { OrderDetails } from '../../features/order-details/components/order-details';

/** /originator/orders/:id: one order's details, at a URL that can be bookmarked and shared in the firm. */
export function OriginatorOrderRoute() {
  const { id = '' } = useParams();
  return (
    <Page title="Order Details" size="xl">
      <OrderDetails appointmentId={id} />
    </Page>
  );
}
