/**
 * A firm's dispatch settings as the operators' settings form fills them in (issue 32, decision
 * 067): the API reads PUT /firms/{id}/dispatch-settings with this schema and the console's form
 * with the same, so each message names the field as the form labels it and says what is
 * valid. The counter band is typed in dollars; everything else is a whole number within
 * DISPATCH_BOUNDS.
 */
import { z } from 'zod';
import { DISPATCH_BOUNDS, DISPATCH_LABELS, type DispatchSettings } from './dispatch';
import { formatCents, parseDollars } from './money';
import { feeDigits } from './firm-input';

type WholeField = 'waveSize' | 'windowMinutes' | 'scoreBar' | 'minCompleted';

function whole(field: WholeField) {
  const { min, max } = DISPATCH_BOUNDS[field];
  return z
    .union([z.string(), z.number()], { message: `${DISPATCH_LABELS[field]} is required.` })
    .transform((value, ctx): number => {
      const text = String(value).trim();
      const n = /^\d{1,3}$/.test(text) ? Number(text) : NaN;
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `${DISPATCH_LABELS[field]} must be a whole number from ${min} to ${max}.` });
        return z.NEVER;
      }
      return n;
    })
    .meta({ type: 'integer', minimum: min, maximum: max });
}

const band = DISPATCH_BOUNDS.counterBandCents;
const counterBand = z
  .union([z.string(), z.number()], { message: `${DISPATCH_LABELS.counterBandCents} is required.` })
  .transform((value, ctx): number => {
    const cents = parseDollars(feeDigits(String(value)));
    if (cents === null || cents < band.min || cents > band.max) {
      ctx.addIssue({
        code: 'custom',
        message: `${DISPATCH_LABELS.counterBandCents} must be a dollar amount from ${formatCents(band.min)} to ${formatCents(band.max)}.`,
      });
      return z.NEVER;
    }
    return cents;
  })
  .meta({ type: 'string', example: '$25', description: 'Dollars above the offered fee' });

const flag = (field: 'autoStart' | 'autoAssign') => z.boolean({ message: `${DISPATCH_LABELS[field]} must be checked or not.` });

export const DispatchSettingsInputSchema = z
  .object({
    autoStart: flag('autoStart'),
    autoAssign: flag('autoAssign'),
    waveSize: whole('waveSize'),
    windowMinutes: whole('windowMinutes'),
    scoreBar: whole('scoreBar'),
    minCompleted: whole('minCompleted'),
    counterBand,
  })
  .strict();
export type DispatchSettingsInput = z.input<typeof DispatchSettingsInputSchema>;

/** The parsed form as the settings it stores. */
export function settingsFromInput(input: z.output<typeof DispatchSettingsInputSchema>): DispatchSettings {
  const { counterBand: counterBandCents, ...rest } = input;
  return { ...rest, counterBandCents };
}

/** The settings as the form shows them: numbers as typed, the band in dollars without the $ the field draws. */
export function dispatchSettingsFormValues(settings: DispatchSettings) {
  // Field by field: the API's answer also carries the firm and a summary, which the strict schema refuses.
  const { counterBandCents } = settings;
  return {
    autoStart: settings.autoStart,
    autoAssign: settings.autoAssign,
    waveSize: String(settings.waveSize),
    windowMinutes: String(settings.windowMinutes),
    scoreBar: String(settings.scoreBar),
    minCompleted: String(settings.minCompleted),
    counterBand: (counterBandCents / 100).toFixed(counterBandCents % 100 === 0 ? 0 : 2),
  };
}

/** One line for the firm's page: "Auto-start off · 3 agents a wave, 5 min each · assigns at score 60 with 3 signings, counters up to $25.00". */
export function dispatchSettingsSummary(s: DispatchSettings): string {
  const assign = s.autoAssign
    ? `assigns at score ${s.scoreBar} with ${s.minCompleted} signing${s.minCompleted === 1 ? '' : 's'}, counters up to ${formatCents(s.counterBandCents)} above the fee`
    : 'every answer waits for an operator';
  return `Auto-start ${s.autoStart ? 'on' : 'off'} · ${s.waveSize} agent${s.waveSize === 1 ? '' : 's'} a wave, ${s.windowMinutes} min each · ${assign}`;
}
