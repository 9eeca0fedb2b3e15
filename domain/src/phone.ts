/**
 * The one phone rule. A phone number is a US number: typed in any format, it is stored as its
 * 10 digits (a leading country code 1 is dropped); anything else, an extension included, is
 * refused with PHONE_MESSAGE. No zod here, so the apps can format a number without loading it.
 */

export const PHONE_MESSAGE = 'must be a 10-digit phone number';
/** Room for "+1 (213) 555-0199" and spacing; longer input is refused before it is read. */
export const PHONE_INPUT_MAX = 20;

/** A US phone number as typed ("(213) 555-0199", "+1 213.555.0199") → its 10 digits, or null. */
export function phoneDigits(value: string): string | null {
  let digits = value.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  return digits.length === 10 ? digits : null;
}

/**
 * Phone display of spec 01 §5 / spec 02 §5: digits only, padded with 9 up to 10 digits or
 * truncated at 10, shown as (###) ###-####.
 */
export function formatPhone(raw: string | null | undefined): string {
  const digits = (raw ?? '').replace(/\D/g, '').padEnd(10, '9').slice(0, 10);
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** A US number in E.164 (+1##########), for text messages and tel: links; null when it is not one. */
export function toE164(phone: string | null | undefined): string | null {
  const digits = phoneDigits(phone ?? '');
  return digits === null ? null : `+1${digits}`;
}
