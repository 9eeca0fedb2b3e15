import { FINANCE_TYPES, TRANSACTION_TYPES } from '@signingdesk/domain/codes';
import type { ReactNode } from 'react';

/** A definition list of label → value rows (the detail's sections). */
export function Facts({ children }: { children: ReactNode }) {
  return <dl className="facts">{children}</dl>;
}

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="facts__row">
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
