import { FINANCE_TYPES, TRANSACTION_TYPES } from '@signingdesk/domain/codes';
import type { ReactNode } from 'react';

/** A definition list of label → value rows (the detail's sections). */
export function Facts({ children }: { children: ReactNode }) {
  return <dl className="facts">{children}</dl>;
}

/** `stacked`: the value under its label, full width (Call buttons that must not wrap at 320 px). */
export function Fact({ label, children, stacked = false }: { label: string; children: ReactNode; stacked?: boolean }) {
  return (
    <div className={stacked ? 'facts__row facts__row--stacked' : 'facts__row'}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function transactionLabel(code: number): string {
  return (TRANSACTION_TYPES as Record<number, string>)[code] ?? 'Not Defined';
}

export function financeLabel(code: number | null): string {
  return code === null ? 'Not Defined' : ((FINANCE_TYPES as Record<number, string>)[code] ?? 'Not Defined');
}

export function scanBackText(required: boolean): string {
  return required ? 'SCAN BACKS ARE REQUIRED' : 'NONE';
}
