import { describe, expect, it } from 'vitest';
import { DISPATCH_DEFAULTS } from './dispatch';
import { dispatchSettingsFormValues, DispatchSettingsInputSchema, settingsFromInput } from './dispatch-settings';

describe('the dispatch settings form', () => {
  it('fills from the API’s answer, firm and summary included, and saves back what it showed', () => {
    const answer = { ...DISPATCH_DEFAULTS, counterBandCents: 4_050, firmId: 'f', firmName: 'Firm B', summary: 'Auto-start off' };
    const values = dispatchSettingsFormValues(answer);
    expect(values).toEqual({
      autoStart: false,
      autoAssign: true,
      waveSize: '3',
      windowMinutes: '5',
      scoreBar: '60',
      minCompleted: '3',
      counterBand: '40.50',
    });
    const parsed = DispatchSettingsInputSchema.safeParse(values);
    expect(parsed.success).toBe(true);
    expect(settingsFromInput(parsed.data!)).toEqual({ ...DISPATCH_DEFAULTS, counterBandCents: 4_050 });
  });

  it('names the field as the form labels it and says what is valid', () => {
    const parsed = DispatchSettingsInputSchema.safeParse({ ...dispatchSettingsFormValues(DISPATCH_DEFAULTS), waveSize: '11' });
    expect(parsed.error?.issues.map((i) => i.message)).toEqual(['Agents per wave must be a whole number from 1 to 10.']);
  });
});
