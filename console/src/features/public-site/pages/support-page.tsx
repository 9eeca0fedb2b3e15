import { InfoPage } from '../components/info-page';

export function SupportPage() {
  return (
    <InfoPage
      title="Contact Us"
      description="Send our team a question, a request or a report of a problem with the site."
    />
  );
}
