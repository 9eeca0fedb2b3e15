/**
 * Phone display of spec 01 §5 / spec 02 §5: digits only, padded with 9 up to 10 digits or
 * truncated at 10, shown as (###) ###-####.
 */
export function formatPhone(raw: string | null | undefined): string {
  const digits = (raw ?? '').replace(/\D/g, '').padEnd(10, '9').slice(0, 10);
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}
