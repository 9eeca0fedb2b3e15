/**
 * An appointment order as it is typed (spec 01 §3 "Order create payload", §5): the Create New
 * Event form and Edit Existing Order in the console, and the API's create and update bodies,
 * read with these very rules and messages. Plain zod with `.meta()` descriptions; the API
 * registers the schemas under their OpenAPI names (appointments.schemas.ts).
 *
 * Every message names its field as the form labels it (appointment-fields.ts) and says what is
 * valid in the form's own terms: the form shows it under the field, the API's refusal alone.
 */
import { z } from 'zod';
import { APPOINTMENT_FIELD_LABELS as LABEL } from './appointment-fields';
import { DATE_PATTERN, MONEY_PATTERN, TIME_PATTERN, isValidCalendarDate } from './appointment-rules';
import { FINANCE_TYPES, MAX_COMMENTS_LENGTH, TRANSACTION_TYPES } from './codes';
import { EMAIL_MESSAGE, named, optionalPhone, REQUIRED_MESSAGE, STATE_MESSAGE, zipField } from './fields';
import { agentFeeProblem, serviceFeeProblem } from './fee-rules';
import { parseDollars } from './money';
import { withoutFormatCharacters, withoutInvisibleCharacters } from './text';
import { DEFAULT_TIME_ZONE, TIME_ZONE_CODES, type TimeZoneCode } from './time-zones';
import { US_STATES } from './us-states';
import { termsFields } from './signing-terms-input';

export const APPOINTMENT_NAME_MAX = 200;
export const STREET_MAX = 200;
export const CITY_MAX = 100;
export const LENDER_MAX = 200;
export const FILE_NUMBER_MAX = 100;
export const SIGNER_NAME_MAX = 200;
export const MONEY_MESSAGE = 'must be a dollar amount such as 150 or $150.00';
/** The form's Date field shows and takes MM/DD/YYYY (the body carries it as YYYY-MM-DD). */
export const DATE_MESSAGE = `${LABEL.date} must be a date as MM/DD/YYYY`;
export const TIME_REQUIRED_MESSAGE = `${LABEL.time} is required unless ${LABEL.timeTbd} is checked`;
export const CHOOSE_FIRM_MESSAGE = 'Choose the firm';
export const CHOOSE_OFFICER_MESSAGE = 'Choose the escrow officer';

const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters`;
const textOf = (label: string) => z.string({ error: (issue) => named(label, issue.input == null ? REQUIRED_MESSAGE : 'must be text') });

/** One line: line breaks become spaces; bidi, zero-width and control characters are dropped. */
const trimmed = (label: string, max: number) => textOf(label).overwrite(withoutInvisibleCharacters).trim().max(max, tooLong(label, max));
const required = (label: string, max: number) => trimmed(label, max).min(1, named(label, REQUIRED_MESSAGE));
const optionalText = (label: string, max: number) =>
  trimmed(label, max)
    .nullish()
    .transform((v) => (v ? v : null));
/** Several lines allowed; bidi and zero-width characters are dropped. */
const optionalLines = (label: string, max: number) =>
  textOf(label)
    .overwrite(withoutFormatCharacters)
    .trim()
    .max(max, tooLong(label, max))
    .nullish()
    .transform((v) => (v ? v : null));
const optionalEmail = (label: string) =>
  textOf(label)
    .trim()
    .max(254, tooLong(label, 254))
    .nullish()
    .transform((v) => (v ? v.toLowerCase() : null))
    .refine((v) => v === null || z.email().safeParse(v).success, { message: named(label, EMAIL_MESSAGE) });

/** Dollars as typed ("$150", "150.5") or a number of dollars → integer cents; `label` names the field in its message. */
const money = (label: string) =>
  z
    .union([z.string(), z.number()], { error: named(label, MONEY_MESSAGE) })
    .transform((v, ctx) => {
      const text = typeof v === 'number' ? String(v) : v.trim();
      const cents = MONEY_PATTERN.test(text) ? parseDollars(text) : null;
      if (cents === null) {
        ctx.addIssue({ code: 'custom', message: named(label, text === '' ? REQUIRED_MESSAGE : MONEY_MESSAGE) });
        return z.NEVER;
      }
      return cents;
    })
    .meta({ type: 'string', example: '$150.00', description: 'Dollars; a leading $ is stripped' });

/** A fee within the bounds of domain/fee-rules.ts (`problem` names what is wrong, or null). */
const boundedMoney = (label: string, problem: (cents: number) => string | null, description: string) =>
  money(label)
    .superRefine((cents, ctx) => {
      const message = problem(cents);
      if (message) ctx.addIssue({ code: 'custom', message: named(label, message) });
    })
    .meta({ type: 'string', example: '$150.00', description });

/** The signing agent's fee: $25.00 to $1,000.00. */
export const agentFeeField = boundedMoney(LABEL.agentFee, agentFeeProblem, 'Dollars, $25.00 to $1,000.00; a leading $ is stripped');
/** The title company's fee on an order: $0.00 to $1,000.00. */
export const firmFeeField = boundedMoney(LABEL.firmFee, serviceFeeProblem, 'Dollars, $0.00 to $1,000.00; a leading $ is stripped');

const transactionCodes = Object.keys(TRANSACTION_TYPES).map(Number);
const financeCodes = Object.keys(FINANCE_TYPES).map(Number);
const timeZone = z.enum(TIME_ZONE_CODES as [TimeZoneCode, ...TimeZoneCode[]], { error: 'Choose a time zone' });
const optionalEmails = {
  escrowEmail: optionalEmail(LABEL.escrowEmail),
  contactEmail1: optionalEmail(LABEL.contactEmail1),
  contactEmail2: optionalEmail(LABEL.contactEmail2),
};
const optionalPhones = { contactPhone1: optionalPhone(LABEL.contactPhone1), contactPhone2: optionalPhone(LABEL.contactPhone2) };
const timeTbdFlag = z.boolean({ error: `${LABEL.timeTbd} must be checked or not` });
const TRANSACTION_MESSAGE = 'Choose a transaction type';
const FINANCE_MESSAGE = 'Choose a finance type from the list';

/** Every field of an order, with the rule of each (spec 01 §5). */
export const appointmentFields = {
  name: required(LABEL.name, APPOINTMENT_NAME_MAX).meta({ description: 'apptName', example: 'Garcia Refinance' }),
  date: z
    .string({ error: DATE_MESSAGE })
    .regex(DATE_PATTERN, DATE_MESSAGE)
    // One message a field: a date not written as one is not also called unreal.
    .refine((v) => !DATE_PATTERN.test(v) || isValidCalendarDate(v), { message: `${LABEL.date} is not a real date` })
    .meta({ example: '2026-12-04' }),
  time: z
    .string({ error: `${LABEL.time} must be a time as HH:MM (24 h)` })
    .regex(TIME_PATTERN, `${LABEL.time} must be a time as HH:MM (24 h)`)
    .nullish()
    .meta({ example: '14:30' }),
  timeTbd: timeTbdFlag.default(false),
  timeZone: timeZone.default(DEFAULT_TIME_ZONE),
  street: required(LABEL.street, STREET_MAX),
  city: required(LABEL.city, CITY_MAX),
  state: z.enum(US_STATES, { message: STATE_MESSAGE }),
  zip: zipField,
  agentFee: agentFeeField.meta({ description: 'apptOffer: the signing agent fee, $25.00 to $1,000.00' }),
  lender: optionalText(LABEL.lender, LENDER_MAX),
  fileNumber: optionalText(LABEL.fileNumber, FILE_NUMBER_MAX),
  comments: optionalLines(LABEL.comments, MAX_COMMENTS_LENGTH),
  escrowEmail: optionalEmails.escrowEmail.meta({ description: 'Title company email; defaults to the escrow officer’s' }),
  contactName: optionalText(LABEL.contactName, SIGNER_NAME_MAX),
  /** The signers' phones follow the one phone rule (phone.ts): stored as 10 digits. */
  contactPhone1: optionalPhones.contactPhone1,
  contactPhone2: optionalPhones.contactPhone2,
  contactEmail1: optionalEmails.contactEmail1,
  contactEmail2: optionalEmails.contactEmail2,
  scanBackRequired: z.boolean({ message: 'Choose whether scan backs are required' }),
  transactionType: z
    .number({ message: TRANSACTION_MESSAGE })
    .int(TRANSACTION_MESSAGE)
    .refine((v) => transactionCodes.includes(v), { message: TRANSACTION_MESSAGE }),
  financeType: z
    .number({ message: FINANCE_MESSAGE })
    .int(FINANCE_MESSAGE)
    .refine((v) => financeCodes.includes(v), { message: FINANCE_MESSAGE })
    .nullish()
    .transform((v) => v ?? null),
};

/**
 * A time unless the time is TBD. Checked next to the other fields' rules (`when`), so an empty
 * form shows this message with all the others at once.
 */
const timeUnlessTbd: [(value: { time?: string | null; timeTbd?: boolean }) => boolean, z.core.$ZodCustomParams] = [
  (value) => value.timeTbd || !!value.time,
  { path: ['time'], message: TIME_REQUIRED_MESSAGE, when: (payload) => typeof payload.value === 'object' && payload.value !== null },
];

/** The signing terms, each optional: a new order takes the firm's default for any left out. */
const optionalTerms = {
  scanBackHours: termsFields.scanBackHours.optional(),
  returnMethod: termsFields.returnMethod.optional(),
  returnCarrier: termsFields.returnCarrier.optional(),
  shipByDay: termsFields.shipByDay.optional(),
  shipByTime: termsFields.shipByTime.optional(),
  printedBy: termsFields.printedBy.optional(),
  pageCount: termsFields.pageCount.optional(),
  paymentTermsDays: termsFields.paymentTermsDays.optional(),
  tripFee: termsFields.tripFee.optional(),
  extraSignerFee: termsFields.extraSignerFee.optional(),
};

/** POST /api/appointments: an escrow officer's order; operators also name the firm and its fee. */
export const CreateAppointmentSchema = z
  .object({
    ...appointmentFields,
    ...optionalTerms,
    firmFee: firmFeeField.optional().meta({ description: 'Operators only: the title company service fee, $0.00 to $1,000.00' }),
    firmId: z.uuid({ message: CHOOSE_FIRM_MESSAGE }).optional().meta({ description: 'Operators only: the firm' }),
    escrowOfficerId: z
      .uuid({ message: CHOOSE_OFFICER_MESSAGE })
      .optional()
      .meta({ description: 'The escrow officer the order belongs to (operators: required; org admins: a user of the firm)' }),
  })
  .strict()
  .refine(...timeUnlessTbd);
export type CreateAppointmentBody = z.input<typeof CreateAppointmentSchema>;
export type CreateAppointmentInput = z.infer<typeof CreateAppointmentSchema>;

/** PATCH /api/appointments/{id}: only the fields that changed. */
export const UpdateAppointmentSchema = z
  .object({
    name: appointmentFields.name.optional(),
    date: appointmentFields.date.optional(),
    time: appointmentFields.time,
    timeTbd: timeTbdFlag.optional(),
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
    escrowEmail: optionalEmails.escrowEmail.optional(),
    contactName: appointmentFields.contactName.optional(),
    contactPhone1: optionalPhones.contactPhone1.optional(),
    contactPhone2: optionalPhones.contactPhone2.optional(),
    contactEmail1: optionalEmails.contactEmail1.optional(),
    contactEmail2: optionalEmails.contactEmail2.optional(),
    scanBackRequired: appointmentFields.scanBackRequired.optional(),
    transactionType: appointmentFields.transactionType.optional(),
    financeType: appointmentFields.financeType.optional(),
    ...optionalTerms,
  })
  .strict();
export type UpdateAppointmentBody = z.input<typeof UpdateAppointmentSchema>;
export type UpdateAppointmentInput = z.infer<typeof UpdateAppointmentSchema>;
