/**
 * An appointment order as it is typed (spec 01 §3 "Order create payload", §5): the Create New
 * Event form and Edit Existing Order in the console, and the API's create and update bodies,
 * read with these very rules and messages. Plain zod with `.meta()` descriptions; the API
 * registers the schemas under their OpenAPI names (appointments.schemas.ts).
 */
import { z } from 'zod';
import { DATE_PATTERN, MONEY_PATTERN, TIME_PATTERN, ZIP_PATTERN, isValidCalendarDate } from './appointment-rules';
import { FINANCE_TYPES, MAX_COMMENTS_LENGTH, TRANSACTION_TYPES } from './codes';
import { optionalPhoneField } from './fields';
import { agentFeeProblem, serviceFeeProblem } from './fee-rules';
import { parseDollars } from './money';
import { withoutFormatCharacters, withoutInvisibleCharacters } from './text';
import { DEFAULT_TIME_ZONE, TIME_ZONE_CODES, type TimeZoneCode } from './time-zones';
import { US_STATES } from './us-states';

export const APPOINTMENT_NAME_MAX = 200;
export const STREET_MAX = 200;
export const CITY_MAX = 100;
export const LENDER_MAX = 200;
export const FILE_NUMBER_MAX = 100;
export const SIGNER_NAME_MAX = 200;
export const MONEY_MESSAGE = 'must be a dollar amount such as 150 or $150.00';
export const TIME_REQUIRED_MESSAGE = 'is required unless the time is TBD';

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
export const moneyField = z
  .union([z.string(), z.number()])
  .transform((v, ctx) => {
    const text = typeof v === 'number' ? String(v) : v.trim();
    const cents = MONEY_PATTERN.test(text) ? parseDollars(text) : null;
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: MONEY_MESSAGE });
      return z.NEVER;
    }
    return cents;
  })
  .meta({ type: 'string', example: '$150.00', description: 'Dollars; a leading $ is stripped' });

/** A fee within the bounds of domain/fee-rules.ts (`problem` names what is wrong, or null). */
const boundedMoney = (problem: (cents: number) => string | null, description: string) =>
  moneyField
    .superRefine((cents, ctx) => {
      const message = problem(cents);
      if (message) ctx.addIssue({ code: 'custom', message });
    })
    .meta({ type: 'string', example: '$150.00', description });

/** The signing agent's fee: $25.00 to $1,000.00. */
export const agentFeeField = boundedMoney(agentFeeProblem, 'Dollars, $25.00 to $1,000.00; a leading $ is stripped');
/** The title company's fee on an order: $0.00 to $1,000.00. */
export const firmFeeField = boundedMoney(serviceFeeProblem, 'Dollars, $0.00 to $1,000.00; a leading $ is stripped');

const transactionCodes = Object.keys(TRANSACTION_TYPES).map(Number);
const financeCodes = Object.keys(FINANCE_TYPES).map(Number);
const timeZone = z.enum(TIME_ZONE_CODES as [TimeZoneCode, ...TimeZoneCode[]]);

/** Every field of an order, with the rule of each (spec 01 §5). */
export const appointmentFields = {
  name: required(APPOINTMENT_NAME_MAX).meta({ description: 'apptName', example: 'Garcia Refinance' }),
  date: z
    .string()
    .regex(DATE_PATTERN, 'must be a date as YYYY-MM-DD')
    .refine(isValidCalendarDate, { message: 'is not a real date' })
    .meta({ example: '2026-12-04' }),
  time: z.string().regex(TIME_PATTERN, 'must be a time as HH:MM (24 h)').nullish().meta({ example: '14:30' }),
  timeTbd: z.boolean().default(false),
  timeZone: timeZone.default(DEFAULT_TIME_ZONE),
  street: required(STREET_MAX),
  city: required(CITY_MAX),
  state: z.enum(US_STATES, { message: 'must be a two-letter US state code' }),
  zip: z.string().trim().regex(ZIP_PATTERN, 'must be 5 digits'),
  agentFee: agentFeeField.meta({ description: 'apptOffer: the signing agent fee, $25.00 to $1,000.00' }),
  lender: optionalText(LENDER_MAX),
  fileNumber: optionalText(FILE_NUMBER_MAX),
  comments: optionalLines(MAX_COMMENTS_LENGTH),
  escrowEmail: optionalEmail.meta({ description: 'Title company email; defaults to the escrow officer’s' }),
  contactName: optionalText(SIGNER_NAME_MAX),
  /** The signers' phones follow the one phone rule (phone.ts): stored as 10 digits. */
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
    ctx.addIssue({ code: 'custom', path: ['time'], message: TIME_REQUIRED_MESSAGE });
  }
}

/** POST /api/appointments: an escrow officer's order; operators also name the firm and its fee. */
export const CreateAppointmentSchema = z
  .object({
    ...appointmentFields,
    firmFee: firmFeeField.optional().meta({ description: 'Operators only: the title company service fee, $0.00 to $1,000.00' }),
    firmId: z.uuid({ message: 'must be a firm id' }).optional().meta({ description: 'Operators only: the firm' }),
    escrowOfficerId: z
      .uuid({ message: 'must be a user id' })
      .optional()
      .meta({ description: 'The escrow officer the order belongs to (operators: required; org admins: a user of the firm)' }),
  })
  .strict()
  .superRefine(requireTimeUnlessTbd);
export type CreateAppointmentBody = z.input<typeof CreateAppointmentSchema>;
export type CreateAppointmentInput = z.infer<typeof CreateAppointmentSchema>;

/** PATCH /api/appointments/{id}: only the fields that changed. */
export const UpdateAppointmentSchema = z
  .object({
    name: appointmentFields.name.optional(),
    date: appointmentFields.date.optional(),
    time: appointmentFields.time,
    timeTbd: z.boolean().optional(),
    timeZone: timeZone.optional(),
    street: appointmentFields.street.optional(),
    city: appointmentFields.city.optional(),
    state: appointmentFields.state.optional(),
    zip: appointmentFields.zip.optional(),
    agentFee: agentFeeField.optional(),
    firmFee: firmFeeField.optional(),
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
  .strict();
export type UpdateAppointmentBody = z.input<typeof UpdateAppointmentSchema>;
export type UpdateAppointmentInput = z.infer<typeof UpdateAppointmentSchema>;
