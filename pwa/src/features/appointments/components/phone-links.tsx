import { formatPhone, toE164 } from '@signingdesk/domain/phone';

/** A US number dials as +1…; anything else stored before the phone rule is dialled as typed. */
export function dialable(phone: string): string {
  return toE164(phone) ?? phone;
}

/** Call and Text for one phone number: 'Call (675) 555-4611' then 'Text', each a 48 px target. */
export function PhoneLinks({ phone, who }: { phone: string; who?: string }) {
  const shown = formatPhone(phone);
  const whose = who ? ` ${who}` : '';
  return (
    <span className="contact-actions">
      <a className="button button--secondary contact-actions__call" href={`tel:${dialable(phone)}`} aria-label={`Call${whose} ${shown}`}>
        Call {shown}
      </a>
      <a className="button button--secondary" href={`sms:${dialable(phone)}`} aria-label={`Text${whose} ${shown}`}>
        Text
      </a>
    </span>
  );
}
