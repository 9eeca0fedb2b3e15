/**
 * Request and response schemas of the appointment routes. Field names say the domain; the
 * spec's legacy names are mapped in docs/api-call-map.md.
 */
import { z } from '@hono/zod-openapi';
import { DISPATCH_STATES } from '@signingdesk/domain/dispatch';
import { cappedPageResultFields, COUNT_AHEAD, pageQueryFields, pageResultFields } from '@signingdesk/domain/pagination';
import { APPOINTMENT_STATUSES, OFFER_STATUSES } from '@signingdesk/domain/codes';
import { OVERDUE_AFTER_HOURS, OVERDUE_LABEL } from '@signingdesk/domain/appointment-rules';
import { ATTENTION_KINDS } from '@signingdesk/domain/attention';
import { OUTCOME_CODES } from '@signingdesk/domain/signing-outcome';
import {
  CONFIRMATION_RESULT_CODES,
  CONTACT_METHOD_CODES,
  type ConfirmationResult,
  type ContactMethod,
} from '@signingdesk/domain/signing-day';
import { CARRIER_CODES, PRINTED_BY_CODES, RETURN_METHOD_CODES, SHIP_BY_DAY_CODES } from '@signingdesk/domain/signing-terms';
import { invoiceFields } from '../files/files.schemas';
import {
  CreateAppointmentSchema as CreateAppointmentInputSchema,
  UpdateAppointmentSchema as UpdateAppointmentInputSchema,
} from '@signingdesk/domain/appointment-input';

/** The order's input rules live in domain/appointment-input.ts, shared with the console's forms. */
export const CreateAppointmentSchema = CreateAppointmentInputSchema.openapi('CreateAppointment');
export type CreateAppointmentInput = z.infer<typeof CreateAppointmentSchema>;

export const UpdateAppointmentSchema = UpdateAppointmentInputSchema.openapi('UpdateAppointment');
export type UpdateAppointmentInput = z.infer<typeof UpdateAppointmentSchema>;

/** An edit names the version it was made on; another version answers 409 CONFLICT (nothing is overwritten). */
export const IfMatchHeaderSchema = z.object({
  'if-match': z.string().optional().openapi({ description: 'The order’s `updatedAt` as read; omit to edit whatever is current' }),
});

export const IdParamSchema = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path' }, description: 'Appointment id (UUID)' }),
});

const Person = z.object({ id: z.string(), name: z.string(), email: z.string(), phone: z.string().nullable() });

export const BidSchema = z
  .object({
    offerId: z.string(),
    agent: Person,
    status: z.enum(OFFER_STATUSES),
    bidCents: z.number().int().nullable(),
    notes: z.string().nullable(),
    respondedAt: z.string().nullable().openapi({ description: 'When the agent answered (claimed, countered, declined): the bid time' }),
    completedCount: z.number().int().openapi({ description: 'Signings this agent completed' }),
    score: z.number().int().openapi({ description: 'The agent’s score, 0–100 (decision 064)' }),
    distanceMiles: z.number().nullable().openapi({ description: 'Miles from the agent to the signing, one decimal (decision 048)' }),
    verified: z.boolean().openapi({ description: 'The agent’s Verified mark (every required credential verified and in date)' }),
  })
  .openapi('Bid');

const schedule = {
  date: z.string(),
  time: z.string(),
  timeTbd: z.boolean(),
  timeZone: z.string(),
  startsAt: z.number().int().openapi({ description: 'Epoch seconds, derived from date, time and zone' }),
};
/** The order's signing terms (issue 33, decision 068; domain/signing-terms.ts). */
export const SigningTermsSchema = z
  .object({
    scanBackHours: z.number().int().openapi({ description: 'Scan backs are due this many hours after the signing (when required)' }),
    returnMethod: z.enum(RETURN_METHOD_CODES),
    returnCarrier: z.enum(CARRIER_CODES).nullable(),
    shipByDay: z.enum(SHIP_BY_DAY_CODES),
    shipByTime: z.string().openapi({ description: 'HH:MM in the order’s zone' }),
    printedBy: z.enum(PRINTED_BY_CODES),
    pageCount: z.number().int().nullable().openapi({ description: 'About how many pages to print; null when not said' }),
    paymentTermsDays: z.number().int().openapi({ description: 'The agent is paid within this many days of completion' }),
    tripFeeCents: z.number().int().openapi({ description: 'Paid to the agent when the signer does not sign' }),
    extraSignerFeeCents: z.number().int().openapi({ description: 'Paid for each signer beyond the first' }),
    scanBackDueAt: z.number().int().nullable().openapi({ description: 'Epoch seconds; null when no scan backs or the time is TBD' }),
    shipByAt: z
      .number()
      .int()
      .nullable()
      .openapi({ description: 'Epoch seconds the originals must have shipped by; null when none go back' }),
    lines: z
      .array(z.object({ key: z.string(), label: z.string(), value: z.string() }))
      .openapi({ description: 'The terms as the screens list them' }),
    short: z.string().openapi({ description: 'The terms in one line, as the offer’s text says them' }),
  })
  .openapi('SigningTerms');

/** How the signing ended (issue 33): null until it is marked complete or not signed. */
export const SigningOutcomeSchema = z
  .object({
    kind: z.enum(OUTCOME_CODES),
    label: z.string(),
    reason: z.string().nullable().openapi({ description: 'Why the signer did not sign, as the agent chose it' }),
    note: z.string().nullable(),
    rescheduleRequested: z.boolean(),
    rescheduleNote: z.string().nullable(),
    summary: z.string().openapi({ description: 'One line for the order pages, with the trip fee when not signed' }),
  })
  .nullable()
  .openapi('SigningOutcome');

/** The latest confirmation with the signer (issue 33): null before the first. */
export const SignerConfirmationSchema = z
  .object({
    result: z.enum(CONFIRMATION_RESULT_CODES as [ConfirmationResult, ...ConfirmationResult[]]),
    method: z.enum(CONTACT_METHOD_CODES as [ContactMethod, ...ContactMethod[]]),
    contactedAt: z.number().int().openapi({ description: 'Epoch seconds: when the signer was called or texted, or answered the link' }),
    rescheduleTo: z.string().nullable(),
    note: z.string().nullable(),
    line: z.string().openapi({ description: 'e.g. "Confirmed with signer at 12/01/2026, 2:15 PM PT (called)"' }),
  })
  .nullable()
  .openapi('SignerConfirmation');

/** The originals' shipment (issue 33): null until the agent records a tracking number or a photo of the drop-off receipt. */
export const ShipmentSchema = z
  .object({
    carrier: z.enum(CARRIER_CODES),
    trackingNumber: z.string().nullable().openapi({ description: 'Null when only a photo of the drop-off receipt was recorded' }),
    shippedAt: z.number().int().openapi({ description: 'Epoch seconds' }),
    trackingUrl: z.string().nullable().openapi({ description: "The carrier's tracking page for this number; null without one" }),
    receiptFileId: z
      .string()
      .nullable()
      .openapi({ description: 'The photo of the drop-off receipt (a file of kind receipt, downloaded like any file of the order)' }),
    line: z.string(),
  })
  .nullable()
  .openapi('ReturnShipment');

const codes = {
  scanBackRequired: z.boolean(),
  terms: SigningTermsSchema,
  outcome: SigningOutcomeSchema,
  confirmation: SignerConfirmationSchema,
  shipment: ShipmentSchema,
  transactionType: z.number().int(),
  financeType: z.number().int().nullable(),
};
const contacts = {
  contactName: z.string().nullable(),
  contactPhone1: z.string().nullable(),
  contactPhone2: z.string().nullable(),
  contactEmail1: z.string().nullable(),
  contactEmail2: z.string().nullable(),
};
const address = { street: z.string(), city: z.string(), state: z.string(), zip: z.string() };

export const OperatorAppointmentSchema = z
  .object({
    view: z.literal('operator'),
    id: z.string(),
    name: z.string(),
    status: z.enum(APPOINTMENT_STATUSES),
    ...schedule,
    ...address,
    lender: z.string().nullable(),
    fileNumber: z.string().nullable(),
    comments: z.string().nullable(),
    agentFeeCents: z.number().int(),
    firmFeeCents: z.number().int().nullable(),
    ...contacts,
    ...codes,
    firm: z.object({ id: z.string(), name: z.string() }),
    escrowOfficer: Person,
    escrowEmail: z.string(),
    assignedAgent: Person.nullable(),
    agentPaid: z.boolean(),
    agentPaidAt: z.string().nullable(),
    filesUploaded: z.boolean(),
    agentUploadEnabled: z.boolean(),
    uploadsApproved: z.boolean(),
    markedCompleted: z.boolean(),
    offerCount: z.number().int(),
    dispatch: z
      .object({ state: z.enum(DISPATCH_STATES), label: z.string(), reason: z.string().nullable() })
      .nullable()
      .openapi({
        description: 'Automatic dispatch of the order (decision 067): its state, and why it needs an operator; null when it never ran',
      }),
    bids: z.array(BidSchema),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('OperatorAppointment');

export const EscrowAppointmentSchema = z
  .object({
    view: z.literal('escrow'),
    id: z.string(),
    name: z.string(),
    status: z.enum(APPOINTMENT_STATUSES),
    ...schedule,
    ...address,
    lender: z.string().nullable(),
    fileNumber: z.string().nullable(),
    comments: z.string().nullable(),
    ...contacts,
    ...codes,
    agentFeeCents: z.number().int().openapi({
      description: 'The signing agent fee: the fee offered until an agent is assigned, the agreed fee from then on (decision 047)',
    }),
    firmFeeCents: z
      .number()
      .int()
      .openapi({ description: "What the firm is charged for the order: the agreed fee plus the firm's service fee" }),
    agentFeeChangeable: z.boolean().openapi({
      description: 'Whether the escrow side may still change the fee it offers: only until the order is sent to signing agents',
    }),
    escrowOfficer: Person,
    escrowEmail: z.string(),
    assignedAgent: Person.nullable().openapi({ description: 'notaryName, notaryPhone, notaryEmail' }),
    agentPreference: z.object({ mine: z.boolean(), firm: z.boolean() }).nullable().openapi({
      description:
        "With an assigned agent: whether they are preferred for the caller's own orders and for the firm's (decision 067; PUT /agents/{id}/preference)",
    }),
    agentSearch: z.string().nullable().openapi({
      description: "'Finding a signing agent' while automatic dispatch looks for one (decision 067); null otherwise",
    }),
    filesUploaded: z.boolean(),
    agentUploadEnabled: z.boolean(),
    uploadsApproved: z.boolean(),
    markedCompleted: z.boolean(),
    invoice: z.object(invoiceFields).nullable().openapi({
      description: 'The invoice sent for the order (spec: invoiceFileName), null before: its file opens with the file’s download link',
    }),
    updatedAt: z.string().openapi({ description: 'The version of the order: send it back as If-Match when editing' }),
  })
  .openapi('EscrowAppointment');

export const AgentAppointmentSchema = z
  .object({
    view: z.literal('agent'),
    id: z.string(),
    name: z.string(),
    status: z.enum(APPOINTMENT_STATUSES),
    ...schedule,
    ...address,
    lender: z.string().nullable(),
    ...codes,
    comments: z.string().nullable(),
    fileNumber: z.string().nullable(),
    feeCents: z.number().int().openapi({ description: 'The agreed fee (the accepted bid)' }),
    offerStatus: z.enum(OFFER_STATUSES),
    escrowName: z.string(),
    escrowEmail: z.string(),
    escrowPhone: z.string().nullable().openapi({ description: "The escrow officer's phone from their profile; null when not known" }),
    ...contacts,
    showCompleteButton: z
      .boolean()
      .openapi({ description: 'Scheduled, not marked complete, and the signing has started (startsAt reached)' }),
    markedCompleted: z.boolean(),
    payCents: z.number().int().openapi({ description: "The agent's pay for the signing (the order's agreed agent fee, decision 047)" }),
    paidAt: z.string().nullable().openapi({ description: 'When SigningDesk marked the agent paid (ISO 8601); null while unpaid' }),
    panelsEnabled: z.boolean().openapi({ description: 'Scheduled, or completed within 3 days of the appointment' }),
    agentUploadEnabled: z.boolean(),
  })
  .openapi('AgentAppointment');

export const AgentRecordSchema = z
  .object({
    view: z.literal('agent_record').openapi({
      description:
        'The assigned agent after the 3-day window (259,200,000 ms after the appointment time of a completed signing; at once for a canceled order): what they need to be paid. The documents, messages and timeline of the order answer 404 to them.',
    }),
    id: z.string(),
    title: z.string().openapi({
      description:
        "Order type and place, e.g. 'Refinance signing — San Francisco, CA': the appointment's name often carries the borrower's surname",
      example: 'Refinance signing — San Francisco, CA',
    }),
    status: z.enum(APPOINTMENT_STATUSES),
    ...schedule,
    city: z.string(),
    state: z.string(),
    feeCents: z.number().int().openapi({ description: 'The agreed fee (the accepted bid)' }),
    payCents: z.number().int().openapi({ description: "The agent's pay for the signing (the order's agreed agent fee, decision 047)" }),
    fileNumber: z.string().nullable(),
    paid: z.boolean().openapi({ description: 'Whether SigningDesk has marked the agent paid for this signing' }),
    paidAt: z.string().nullable().openapi({ description: 'When the agent was marked paid (ISO 8601)' }),
  })
  .openapi('AgentRecord');

export const PreviewSchema = z
  .object({
    view: z.literal('preview'),
    stage: z.enum(['offer', 'pending', 'declined', 'assigned', 'taken', 'unavailable']).openapi({
      description:
        'offer: claim/counter/decline; pending: bid awaiting approval (can be withdrawn); declined: the agent declined, the order is still open (the decline can be taken back); assigned: yours; taken: assigned to someone else; unavailable: on hold, canceled, or the offer was removed or rejected',
    }),
    message: z.string().nullable(),
    id: z.string(),
    title: z.string().openapi({
      description:
        "Order type and place, e.g. 'Refinance signing — San Francisco, CA': the appointment's name and file number are not shown before assignment",
      example: 'Refinance signing — San Francisco, CA',
    }),
    status: z.enum(APPOINTMENT_STATUSES),
    ...schedule,
    city: z.string(),
    state: z.string(),
    zip: z.string(),
    feeCents: z.number().int().openapi({ description: 'The offered fee' }),
    lender: z.string().nullable(),
    ...codes,
    offerStatus: z.enum(OFFER_STATUSES),
    bidCents: z.number().int().nullable().openapi({
      description: "The agent's bid: set while the offer is claimed, countered, approved or rejected; null otherwise (a decline is no bid)",
    }),
    distanceMiles: z.number().nullable().optional().openapi({
      description: "Miles from the agent's address to the signing (one decimal); null when either place is unknown",
    }),
    reservedUntil: z.string().nullable().optional().openapi({
      description:
        'While the offer is open to the agent: until when (ISO 8601) automatic dispatch reserves it for their wave alone (decision 067); null otherwise',
    }),
    reservedReason: z.string().nullable().optional().openapi({
      description:
        "With reservedUntil: why the offer was reserved for the agent, e.g. 'Reserved for you because the title company prefers you, 4.2 mi from the signing.'",
    }),
  })
  .openapi('OfferPreview');

export const AppointmentViewSchema = z.discriminatedUnion('view', [
  OperatorAppointmentSchema,
  EscrowAppointmentSchema,
  AgentAppointmentSchema,
  AgentRecordSchema,
  PreviewSchema,
]);

export type AgentAppointmentView = z.infer<typeof AgentAppointmentSchema>;
export type AgentRecordView = z.infer<typeof AgentRecordSchema>;
export type OfferPreviewView = z.infer<typeof PreviewSchema>;
export type AppointmentView = z.infer<typeof AppointmentViewSchema>;

export const AppointmentResultSchema = z
  .object({ message: z.string(), appointment: AppointmentViewSchema, changedFields: z.array(z.string()).optional() })
  .openapi('AppointmentResult');

const page = pageQueryFields();

export const OPERATOR_SORTS = ['startsAt', 'name', 'fileNumber', 'status', 'agent', 'firm', 'agentFee'] as const;
export type OperatorSort = (typeof OPERATOR_SORTS)[number];

export const OperatorListQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(100, 'must be at most 100 characters')
    .optional()
    .transform((v) => (v ? v : undefined))
    .openapi({ description: 'Part of a file number, signer name, signing agent name or city (case-insensitive)' }),
  sort: z
    .enum(OPERATOR_SORTS, { message: `must be one of ${OPERATOR_SORTS.join(', ')}` })
    .default('startsAt')
    .openapi({ description: 'Column to sort by; startsAt is the signing time (TBD as 00:00 of its day)' }),
  order: z
    .enum(['asc', 'desc'], { message: "must be 'asc' or 'desc'" })
    .optional()
    .openapi({ description: 'Default: newest first (desc) for Completed and Canceled, soonest first (asc) otherwise' }),
  status: z.enum(APPOINTMENT_STATUSES).default('Open').openapi({ description: 'Default Open' }),
  firmId: z.uuid({ message: 'must be a firm id' }).optional().openapi({ description: 'Omit for All firms' }),
  attention: z
    .enum(ATTENTION_KINDS, { message: `must be one of ${ATTENTION_KINDS.join(', ')}` })
    .optional()
    .openapi({
      description: 'A dashboard bucket (GET /dashboard): the orders counted there, whatever their status (`status` is then ignored)',
    }),
  ...page,
});

/** The CSV export: the list's filter, or the orders chosen in the table (`ids`). */
export const OperatorExportQuerySchema = OperatorListQuerySchema.omit({ page: true, pageSize: true }).extend({
  ids: z
    .string()
    .regex(/^[0-9a-f-]{36}(,[0-9a-f-]{36}){0,99}$/i, 'must be up to 100 order ids separated by commas')
    .optional()
    .transform((v) => (v ? v.split(',') : undefined))
    .openapi({
      description: 'The orders chosen in the table, by id, comma-separated (at most 100): the export holds these, whatever the filter',
    }),
});

export const OperatorRowSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    fileNumber: z.string().nullable(),
    ...schedule,
    city: z.string(),
    state: z.string(),
    status: z.enum(APPOINTMENT_STATUSES),
    overdue: z.boolean().openapi({
      description: `Scheduled and still not marked complete ${OVERDUE_AFTER_HOURS} hours after the signing's start (a Time TBD signing: after its day): shown as "${OVERDUE_LABEL}"`,
    }),
    filesAttachedCount: z.number().int(),
    filesUploaded: z.boolean(),
    agentDownloaded: z.boolean(),
    unreadMessages: z.number().int(),
    agentPaid: z.boolean(),
    agentPaidAt: z.string().nullable(),
    agentFeeCents: z
      .number()
      .int()
      .openapi({ description: 'The agent fee: offered until an agent is assigned, then the agreed pay (the accepted bid; decision 047)' }),
    firmFeeCents: z.number().int().nullable().openapi({ description: 'What the firm is charged: the agent fee plus the order’s markup' }),
    invoiceNumber: z.number().int().nullable().openapi({ description: 'The invoice sent for the order, if any' }),
    agent: Person.nullable().openapi({ description: 'The assigned agent; phone as 10 digits' }),
    firm: z.object({ id: z.string(), name: z.string() }),
  })
  .openapi('AssignmentRow');

export const BulkActionSchema = z
  .object({
    ids: z
      .array(z.uuid({ message: 'Each order must be an order id' }), { message: 'Choose the orders' })
      .min(1, 'Choose at least one order')
      .max(100, 'Choose at most 100 orders at once'),
  })
  .openapi('BulkAction');

export const BulkResultSchema = z
  .object({
    message: z.string().openapi({ description: 'What was done and what was not, as a sentence', example: '2 agents marked paid.' }),
    done: z.array(z.object({ id: z.string(), fileNumber: z.string().nullable() })),
    refused: z
      .array(z.object({ id: z.string(), fileNumber: z.string().nullable(), message: z.string() }))
      .openapi({ description: 'Each order the action may not take, with the reason of the transition rule' }),
  })
  .openapi('BulkResult');

export const ESCROW_SORTS = ['date', 'fileNumber', 'signerName', 'escrowOfficer', 'status', 'agent'] as const;
export type EscrowSort = (typeof ESCROW_SORTS)[number];

/** The list's filter; the CSV export takes the same one without paging. */
const escrowFilterFields = {
  view: z.enum(['in-process', 'completed']).default('in-process'),
  q: z
    .string()
    .trim()
    .max(100, 'must be at most 100 characters')
    .optional()
    .transform((v) => (v ? v : undefined))
    .openapi({
      description:
        "Part of a file number, the signer's name, the appointment's name, its street or the assigned agent's name (case-insensitive)",
    }),
  status: z
    .enum(APPOINTMENT_STATUSES, { message: `must be one of ${APPOINTMENT_STATUSES.join(', ')}` })
    .optional()
    .openapi({
      description:
        "Only orders in this status: one of the view's statuses (in-process: Open, Pending, Scheduled, Paused; completed: Completed, Canceled)",
    }),
  sort: z
    .enum(ESCROW_SORTS, { message: `must be one of ${ESCROW_SORTS.join(', ')}` })
    .default('date')
    .openapi({ description: 'Column to sort by; date sorts by date then time (TBD as 00:00)' }),
  order: z
    .enum(['asc', 'desc'], { message: "must be 'asc' or 'desc'" })
    .optional()
    .openapi({ description: 'Default: asc for in-process, desc for completed' }),
};

export const EscrowListQuerySchema = z.object({ ...escrowFilterFields, ...page });
export const EscrowExportQuerySchema = z.object(escrowFilterFields);
export type EscrowFilter = z.infer<typeof EscrowExportQuerySchema>;

export const EscrowRowSchema = z
  .object({
    id: z.string(),
    date: z.string(),
    time: z.string(),
    timeTbd: z.boolean(),
    timeZone: z.string(),
    fileNumber: z.string().nullable(),
    escrowOfficer: z.string(),
    signerName: z.string().nullable(),
    status: z.enum(APPOINTMENT_STATUSES),
    assignedAgent: Person.nullable().openapi({ description: 'notaryName, notaryPhone (10 digits), notaryEmail' }),
    filesAttachedCount: z.number().int(),
    filesUploaded: z.boolean(),
    unreadMessages: z.number().int(),
    invoice: z
      .object({ number: z.number().int(), fileId: z.string().nullable() })
      .nullable()
      .openapi({ description: 'The invoice sent for the order, if any: its number, and its file to open with the file’s download link' }),
  })
  .openapi('EscrowRow');

/** How many of the view's orders (with the search applied, whatever the status filter) are in each of its statuses. */
export const EscrowStatusCountSchema = z
  .object({
    status: z.enum(APPOINTMENT_STATUSES),
    count: z.number().int(),
    capped: z.boolean().openapi({
      description: `true when more than ${COUNT_AHEAD.toLocaleString('en-US')} orders are in the status: \`count\` is then ${COUNT_AHEAD}, shown "${COUNT_AHEAD.toLocaleString('en-US')}+"`,
    }),
  })
  .openapi('EscrowStatusCount');

export const pageOf = <T extends z.ZodTypeAny>(item: T, name: string) =>
  z.object({ items: z.array(item), ...pageResultFields }).openapi(name);

/** A page of a list that may run to a million rows: counted up to COUNT_AHEAD rows past the page. */
export const cappedPageOf = <T extends z.ZodTypeAny, E extends z.ZodRawShape = Record<never, never>>(item: T, name: string, extra?: E) =>
  z
    .object({
      items: z.array(item),
      ...(extra as E),
      ...cappedPageResultFields,
      totalCapped: cappedPageResultFields.totalCapped.openapi({
        description: `true when more rows match than were counted (${COUNT_AHEAD.toLocaleString('en-US')} past this page): \`total\` is then a lower bound, shown as "${COUNT_AHEAD.toLocaleString('en-US')}+"`,
      }),
    })
    .openapi(name);

export const TIMELINE_KINDS = [
  'created',
  'updated',
  'sent',
  'claimed',
  'countered',
  'declined',
  'withdrawn',
  'bid_declined',
  'assigned',
  'reassigned',
  'agent_withdrew',
  'status',
  'completed',
  'not_signed',
  'signer_confirmation',
  'originals_shipped',
  'agent_paid',
  'note_added',
  'note_removed',
  'document_uploaded',
  'document_deleted',
  'document_downloaded',
  'invoiced',
] as const;

export const TimelineEventSchema = z
  .object({
    at: z.string().openapi({ format: 'date-time' }),
    kind: z.enum(TIMELINE_KINDS).openapi({
      description:
        'What happened; claimed, countered, declined, withdrawn, bid_declined, agent_paid, note_added and note_removed are for operators only',
    }),
    label: z.string().openapi({ description: 'The step as a sentence a person reads', example: 'Signing agent Jane Doe assigned' }),
    detail: z.string().nullable().openapi({ description: 'More about the step, when there is more', example: 'Changed: comments' }),
  })
  .openapi('TimelineEvent');
export type TimelineEvent = z.infer<typeof TimelineEventSchema>;

export const TimelineSchema = z
  .object({ events: z.array(TimelineEventSchema).openapi({ description: 'Oldest first' }) })
  .openapi('AppointmentTimeline');

const statusCounts = Object.fromEntries(APPOINTMENT_STATUSES.map((status) => [status, z.number().int()])) as Record<
  (typeof APPOINTMENT_STATUSES)[number],
  z.ZodNumber
>;

export const DashboardSchema = z
  .object({
    generatedAt: z.string().openapi({ format: 'date-time' }),
    attention: z
      .array(
        z.object({
          kind: z.enum(ATTENTION_KINDS),
          label: z.string(),
          count: z.number().int(),
          capped: z.boolean().openapi({
            description: `true when more than ${COUNT_AHEAD.toLocaleString('en-US')} orders wait: \`count\` is then ${COUNT_AHEAD}, shown "${COUNT_AHEAD.toLocaleString('en-US')}+"`,
          }),
        }),
      )
      .openapi({
        description: 'What to act on now; each count equals the rows of GET /appointments?attention=<kind> (its total and totalCapped)',
      }),
    signingsPerDay: z
      .array(z.object({ day: z.string(), ...statusCounts }))
      .openapi({ description: 'Appointments per signing date and status, 14 days back to 14 days ahead' }),
    inProcessByState: z
      .array(z.object({ state: z.string(), count: z.number().int() }))
      .openapi({ description: 'Open, Pending, Scheduled and On Hold orders per state, most first (12)' }),
    hoursToAssignment: z.array(z.object({ state: z.string(), medianHours: z.number(), orders: z.number().int() })).openapi({
      description: 'Median hours from order to its first assignment, per state, for assignments of the last 30 days (12 states with most)',
    }),
  })
  .openapi('Dashboard');
