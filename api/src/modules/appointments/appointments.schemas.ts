/**
 * Request and response schemas of the appointment routes. Field names say the domain; the
 * spec's legacy names are mapped in docs/api-call-map.md.
 */
import { z } from '@hono/zod-openapi';
import { pageQueryFields, pageResultFields } from '@signingdesk/domain/pagination';
import { APPOINTMENT_STATUSES, FINANCE_TYPES, OFFER_STATUSES, TRANSACTION_TYPES } from '@signingdesk/domain/codes';
import {
  DATE_PATTERN,
  MONEY_PATTERN,
  TIME_PATTERN,
  ZIP_PATTERN,
  isValidCalendarDate,
} from '@signingdesk/domain/appointment-rules';
import { MAX_COMMENTS_LENGTH } from '@signingdesk/domain/codes';
import { optionalPhoneField } from '@signingdesk/domain/fields';
import { parseDollars } from '@signingdesk/domain/money';
import { TIME_ZONE_CODES } from '@signingdesk/domain/time-zones';
import { withoutFormatCharacters, withoutInvisibleCharacters } from '@signingdesk/domain/text';
import { US_STATES } from '@signingdesk/domain/us-states';

/** One line: line breaks become spaces; bidi, zero-width and control characters are dropped. */
const trimmed = (max: number) => z.string().overwrite(withoutInvisibleCharacters).trim().max(max, `must be at most ${max} characters`);
const required = (max: number) => trimmed(max).min(1, 'is required');
const optionalText = (max: number) =>
  trimmed(max)
    .nullish()
    .transform((v) => (v ? v : null));
/** Several lines allowed; bidi and zero-width characters are dropped. */
const optionalLines = (max: number) =>
  z
    .string()
    .overwrite(withoutFormatCharacters)
    .trim()
    .max(max, `must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));
const optionalEmail = z
  .string()
  .trim()
  .max(254)
  .nullish()
  .transform((v) => (v ? v.toLowerCase() : null))
  .refine((v) => v === null || z.email().safeParse(v).success, { message: 'must be an email address' });

/** Dollars as typed ("$150", "150.5") or a number of dollars → integer cents. */
export const Money = z
  .union([z.string(), z.number()])
  .transform((v, ctx) => {
    const text = typeof v === 'number' ? String(v) : v.trim();
    const cents = MONEY_PATTERN.test(text) ? parseDollars(text) : null;
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: 'must be a dollar amount such as 150 or $150.00' });
      return z.NEVER;
    }
    return cents;
  })
  .openapi({ type: 'string', example: '$150.00', description: 'Dollars; a leading $ is stripped' });

const transactionCodes = Object.keys(TRANSACTION_TYPES).map(Number);
const financeCodes = Object.keys(FINANCE_TYPES).map(Number);

const appointmentFields = {
  name: required(200).openapi({ description: 'apptName', example: 'Garcia Refinance' }),
  date: z
    .string()
    .regex(DATE_PATTERN, 'must be a date as YYYY-MM-DD')
    .refine(isValidCalendarDate, { message: 'is not a real date' })
    .openapi({ example: '2026-12-04' }),
  time: z.string().regex(TIME_PATTERN, 'must be a time as HH:MM (24 h)').nullish().openapi({ example: '14:30' }),
  timeTbd: z.boolean().default(false),
  timeZone: z.enum(TIME_ZONE_CODES as [string, ...string[]]).default('CT'),
  street: required(200),
  city: required(100),
  state: z.enum(US_STATES, { message: 'must be a two-letter US state code' }),
  zip: z.string().trim().regex(ZIP_PATTERN, 'must be 5 digits'),
  agentFee: Money.openapi({ description: 'apptOffer: the signing agent fee' }),
  lender: optionalText(200),
  fileNumber: optionalText(100),
  comments: optionalLines(MAX_COMMENTS_LENGTH),
  escrowEmail: optionalEmail.openapi({ description: 'Title company email; defaults to the escrow officer’s' }),
  contactName: optionalText(200),
  /** The signers' phones follow the one phone rule (domain/phone.ts): stored as 10 digits. */
  contactPhone1: optionalPhoneField,
  contactPhone2: optionalPhoneField,
  contactEmail1: optionalEmail,
  contactEmail2: optionalEmail,
  scanBackRequired: z.boolean({ message: 'is required (true or false)' }),
  transactionType: z
    .number({ message: 'is required' })
    .int()
    .refine((v) => transactionCodes.includes(v), { message: 'must be one of 0, 1, 2, 3, 4' }),
  financeType: z
    .number()
    .int()
    .refine((v) => financeCodes.includes(v), { message: 'must be one of 10 to 16' })
    .nullish()
    .transform((v) => v ?? null),
};

function requireTimeUnlessTbd(value: { time?: string | null | undefined; timeTbd?: boolean | undefined }, ctx: z.RefinementCtx) {
  if (!value.timeTbd && !value.time) {
    ctx.addIssue({ code: 'custom', path: ['time'], message: 'is required unless the time is TBD' });
  }
}

export const CreateAppointmentSchema = z
  .object({
    ...appointmentFields,
    firmFee: Money.optional().openapi({ description: 'Operators only: the title company service fee' }),
    firmId: z.uuid({ message: 'must be a firm id' }).optional().openapi({ description: 'Operators only: the firm' }),
    escrowOfficerId: z
      .uuid({ message: 'must be a user id' })
      .optional()
      .openapi({ description: 'The escrow officer the order belongs to (operators: required; org admins: a user of the firm)' }),
  })
  .strict()
  .superRefine(requireTimeUnlessTbd)
  .openapi('CreateAppointment');
export type CreateAppointmentInput = z.infer<typeof CreateAppointmentSchema>;

export const UpdateAppointmentSchema = z
  .object({
    name: appointmentFields.name.optional(),
    date: appointmentFields.date.optional(),
    time: appointmentFields.time,
    timeTbd: z.boolean().optional(),
    timeZone: z.enum(TIME_ZONE_CODES as [string, ...string[]]).optional(),
    street: appointmentFields.street.optional(),
    city: appointmentFields.city.optional(),
    state: appointmentFields.state.optional(),
    zip: appointmentFields.zip.optional(),
    agentFee: Money.optional(),
    firmFee: Money.optional(),
    lender: appointmentFields.lender.optional(),
    fileNumber: appointmentFields.fileNumber.optional(),
    comments: appointmentFields.comments.optional(),
    escrowEmail: optionalEmail.optional(),
    contactName: appointmentFields.contactName.optional(),
    contactPhone1: optionalPhoneField.optional(),
    contactPhone2: optionalPhoneField.optional(),
    contactEmail1: optionalEmail.optional(),
    contactEmail2: optionalEmail.optional(),
    scanBackRequired: z.boolean().optional(),
    transactionType: appointmentFields.transactionType.optional(),
    financeType: appointmentFields.financeType.optional(),
  })
  .strict()
  .openapi('UpdateAppointment');
export type UpdateAppointmentInput = z.infer<typeof UpdateAppointmentSchema>;

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
    respondedAt: z.string().nullable(),
  })
  .openapi('Bid');

const schedule = {
  date: z.string(),
  time: z.string(),
  timeTbd: z.boolean(),
  timeZone: z.string(),
  startsAt: z.number().int().openapi({ description: 'Epoch seconds, derived from date, time and zone' }),
};
const codes = {
  scanBackRequired: z.boolean(),
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
    escrowOfficer: Person,
    escrowEmail: z.string(),
    assignedAgent: Person.nullable().openapi({ description: 'notaryName, notaryPhone, notaryEmail' }),
    filesUploaded: z.boolean(),
    agentUploadEnabled: z.boolean(),
    uploadsApproved: z.boolean(),
    markedCompleted: z.boolean(),
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
    ...contacts,
    showCompleteButton: z.boolean().openapi({ description: 'Scheduled, not marked complete, and the signing has started (startsAt reached)' }),
    markedCompleted: z.boolean(),
    panelsEnabled: z.boolean().openapi({ description: 'Scheduled, or completed within 3 days of the appointment' }),
    agentUploadEnabled: z.boolean(),
  })
  .openapi('AgentAppointment');

export const PreviewSchema = z
  .object({
    view: z.literal('preview'),
    stage: z
      .enum(['offer', 'pending', 'declined', 'assigned', 'taken', 'unavailable'])
      .openapi({
        description:
          'offer: claim/counter/decline; pending: bid awaiting approval (can be withdrawn); declined: the agent declined, the order is still open (the decline can be taken back); assigned: yours; taken: assigned to someone else; unavailable: on hold, canceled, or the offer was removed or rejected',
      }),
    message: z.string().nullable(),
    id: z.string(),
    title: z.string().openapi({
      description: "Order type and place, e.g. 'Refinance signing — San Francisco, CA': the appointment's name and file number are not shown before assignment",
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
    bidCents: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "The agent's bid: set while the offer is claimed, countered, approved or rejected; null otherwise (a decline is no bid)" }),
  })
  .openapi('OfferPreview');

export const AppointmentViewSchema = z.discriminatedUnion('view', [
  OperatorAppointmentSchema,
  EscrowAppointmentSchema,
  AgentAppointmentSchema,
  PreviewSchema,
]);

export type AgentAppointmentView = z.infer<typeof AgentAppointmentSchema>;
export type OfferPreviewView = z.infer<typeof PreviewSchema>;
export type AppointmentView = z.infer<typeof AppointmentViewSchema>;

export const AppointmentResultSchema = z
  .object({ message: z.string(), appointment: AppointmentViewSchema, changedFields: z.array(z.string()).optional() })
  .openapi('AppointmentResult');

const page = pageQueryFields();

export const OperatorListQuerySchema = z.object({
  status: z.enum(APPOINTMENT_STATUSES).default('Open').openapi({ description: 'Default Open' }),
  firmId: z.uuid({ message: 'must be a firm id' }).optional().openapi({ description: 'Omit for All firms' }),
  ...page,
});

export const OperatorRowSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    date: z.string(),
    status: z.enum(APPOINTMENT_STATUSES),
    filesAttachedCount: z.number().int(),
    filesUploaded: z.boolean(),
    agentDownloaded: z.boolean(),
    unreadMessages: z.number().int(),
    agentPaid: z.boolean(),
    agentPaidAt: z.string().nullable(),
    agent: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
    firm: z.object({ id: z.string(), name: z.string() }),
  })
  .openapi('AssignmentRow');

export const EscrowListQuerySchema = z.object({
  view: z.enum(['in-process', 'completed']).default('in-process'),
  ...page,
});

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
    assignedAgent: z.string().nullable(),
    filesAttachedCount: z.number().int(),
    filesUploaded: z.boolean(),
    unreadMessages: z.number().int(),
  })
  .openapi('EscrowRow');

export const pageOf = <T extends z.ZodTypeAny>(item: T, name: string) =>
  z
    .object({ items: z.array(item), ...pageResultFields })
    .openapi(name);
