import { z } from '@hono/zod-openapi';
import { DISPATCH_STATES } from '@signingdesk/domain/dispatch';
import { DispatchSettingsInputSchema } from '@signingdesk/domain/dispatch-settings';

export const DISPATCH_CONTROLS = ['start', 'pause', 'resume', 'stop'] as const;

export const DispatchControlSchema = z
  .object({
    action: z.enum(DISPATCH_CONTROLS, { message: 'must be start, pause, resume or stop' }).openapi({
      description: 'start (or resume) sends the first (next) wave now; pause holds the next wave; stop ends dispatch',
    }),
  })
  .strict()
  .openapi('DispatchControl');

const DispatchLogEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  kind: z.string(),
  wave: z.number().int().nullable(),
  agentId: z.string().nullable(),
  agentName: z.string().nullable(),
  actorName: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  /** The operator's line (domain `dispatchLogLine`). */
  line: z.string(),
});

export const DispatchViewSchema = z
  .object({
    state: z.enum(DISPATCH_STATES).nullable().openapi({ description: 'null: dispatch never ran for this order' }),
    label: z.string().nullable(),
    wave: z.number().int(),
    nextWaveAt: z.string().nullable(),
    reason: z.string().nullable().openapi({ description: 'Why dispatch handed the order to the operators' }),
    restarts: z.number().int(),
    log: z.array(DispatchLogEntrySchema),
  })
  .openapi('Dispatch');

export const DispatchResultSchema = z.object({ message: z.string(), dispatch: DispatchViewSchema }).openapi('DispatchResult');

export const FirmIdParamSchema = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path' }, description: 'Firm id (UUID)' }),
});

export const DispatchSettingsBodySchema = DispatchSettingsInputSchema.openapi('DispatchSettingsInput');

export const DispatchSettingsSchema = z
  .object({
    firmId: z.string(),
    firmName: z.string(),
    autoStart: z.boolean(),
    autoAssign: z.boolean(),
    waveSize: z.number().int(),
    windowMinutes: z.number().int(),
    scoreBar: z.number().int(),
    minCompleted: z.number().int(),
    counterBandCents: z.number().int(),
    summary: z.string(),
  })
  .openapi('DispatchSettings');

export const DispatchSettingsSavedSchema = z
  .object({ message: z.string(), settings: DispatchSettingsSchema })
  .openapi('DispatchSettingsSaved');

export const AgentPreferenceBodySchema = z
  .object({
    scope: z.enum(['mine', 'firm'], { message: "must be 'mine' or 'firm'" }).openapi({
      description: "mine: the caller's own orders; firm: every order of the caller's firm (its org admin only)",
    }),
    preferred: z.boolean({ message: 'is required (true or false)' }),
  })
  .strict()
  .openapi('AgentPreferenceInput');

export const AgentPreferenceSchema = z
  .object({
    mine: z.boolean().openapi({ description: "Preferred for the caller's own orders" }),
    firm: z.boolean().openapi({ description: "Preferred for every order of the caller's firm" }),
  })
  .openapi('AgentPreference');

export const AgentPreferenceResultSchema = z
  .object({ message: z.string(), preference: AgentPreferenceSchema })
  .openapi('AgentPreferenceResult');

export const PreferredAgentListSchema = z
  .object({
    items: z.array(
      z.object({
        agentId: z.string(),
        name: z.string(),
        city: z.string().nullable(),
        state: z.string().nullable(),
        completedForFirm: z.number().int().openapi({ description: "Orders of the caller's firm the agent completed" }),
        lastSigningDate: z
          .string()
          .nullable()
          .openapi({ description: 'Their last signing for the firm (completed or scheduled), YYYY-MM-DD' }),
        mine: z.boolean().openapi({ description: "Preferred for the caller's own orders" }),
        firm: z.boolean().openapi({ description: "Preferred for every order of the caller's firm" }),
      }),
    ),
  })
  .openapi('PreferredAgentList');
export type PreferredAgentList = z.infer<typeof PreferredAgentListSchema>;
