/**
 * A new order's signing terms start from its firm's defaults (issue 33): the escrow side's own
 * firm, or the firm an operator chose. Defaults that arrive after the person began typing fill
 * only the terms still empty, or still as the previous firm's defaults left them.
 */
import type { UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import { useFirmOrderTerms } from '../signing-terms/firm-order-terms';
import { firmDefaultValues, termsPrefill, type TermsFormValues } from '../signing-terms/signing-terms-values';
import type { AppointmentFormValues } from './appointment-form-model';

export function useTermsPrefill(form: UseFormReturnType<AppointmentFormValues>, firmId: string) {
  const defaults = useFirmOrderTerms(firmId);
  const { data } = defaults;
  const [filled, setFilled] = useState<{ from: typeof data; values: Partial<TermsFormValues> } | null>(null);
  // New defaults (the firm's, or another firm's) are applied as they render, like edit-order's live version.
  if (data && data !== filled?.from) {
    const next = firmDefaultValues(data);
    const changes = termsPrefill(form.getValues(), next, filled?.values ?? null);
    for (const [field, value] of Object.entries(changes)) form.setFieldValue(field as keyof TermsFormValues, value);
    setFilled({ from: data, values: next });
  }

  return {
    defaults,
    /** After the form is reset: its terms, empty again, take the defaults of the firm it then names as it next renders. */
    refill: () => setFilled(null),
  };
}
