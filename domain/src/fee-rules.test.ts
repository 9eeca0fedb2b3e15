import { describe, expect, it } from 'vitest';
import { agentFeeField, firmFeeField } from './appointment-input';
import { feesWithAgentPay, firmFeeOf, marginCents, newOrderFees, settlementRefusal } from './fee-rules';
import { CreateFirmSchema } from './firm-input';

const issue = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message ?? null;

describe('fee bounds (domain/fee-rules.ts)', () => {
  it('keeps a signing agent’s fee between $25.00 and $1,000.00: $0 and $999,999.99 are refused, naming the range', () => {
    for (const fee of ['$0', '24.99', '1000.01', '$999,999.99', '999999.99']) {
      const result = agentFeeField.safeParse(fee);
      expect(result.success, fee).toBe(false);
    }
    expect(issue(agentFeeField.safeParse('0'))).toBe('Signing agent fee must be between $25.00 and $1,000.00');
    expect(agentFeeField.parse('$25')).toBe(2_500);
    expect(agentFeeField.parse('1000')).toBe(100_000);
  });

  it('lets a title company’s fee be waived ($0) but not pass $1,000.00, on the order and on the firm', () => {
    expect(firmFeeField.parse('0')).toBe(0);
    expect(issue(firmFeeField.safeParse('1000.01'))).toBe('Firm fee must be at most $1,000.00');
    const firm = {
      name: 'Fee Title',
      contactName: 'Ann Lee',
      contactEmail: 'ann@fee.test',
      address: '1 Main St',
      city: 'Reno',
      state: 'NV',
      zip: '89501',
    };
    expect(issue(CreateFirmSchema.safeParse({ ...firm, serviceFee: '$1,250.50' }))).toBe('must be at most $1,000.00');
    expect(CreateFirmSchema.safeParse({ ...firm, serviceFee: '45' }).success).toBe(true);
  });
});

describe('the agreed fee (domain/fee-rules.ts, decision 047)', () => {
  it('pays the agent the accepted counter and charges the firm that plus the order’s markup', () => {
    // Issue 27: offered $125 with a $45 service fee; the agent countered $175.
    const ordered = newOrderFees(12_500, 4_500);
    expect(ordered).toEqual({ agentFeeCents: 12_500, firmFeeCents: 17_000 });
    const agreed = feesWithAgentPay(ordered, 17_500, 4_500);
    expect(agreed).toEqual({ agentFeeCents: 17_500, firmFeeCents: 22_000 });
    expect(marginCents(agreed)).toBe(4_500);
  });

  it('keeps a firm fee an operator set as the order’s own markup, and reads a missing one as the service fee', () => {
    const negotiated = newOrderFees(15_000, 4_500, 21_000);
    expect(feesWithAgentPay(negotiated, 16_000, 4_500)).toEqual({ agentFeeCents: 16_000, firmFeeCents: 22_000 });
    expect(feesWithAgentPay({ agentFeeCents: 10_000, firmFeeCents: null }, 16_000, 3_000)).toEqual({
      agentFeeCents: 16_000,
      firmFeeCents: 19_000,
    });
    expect(firmFeeOf({ agentFeeCents: 10_000, firmFeeCents: null }, 3_000)).toBe(13_000);
  });

  it('shows a loss as a negative margin', () => {
    expect(marginCents({ agentFeeCents: 17_500, firmFeeCents: 17_000 })).toBe(-500);
  });

  it('pays and invoices only a completed order, saying why otherwise', () => {
    expect(settlementRefusal('pay', { status: 'Completed', assigned: true })).toBeNull();
    expect(settlementRefusal('invoice', { status: 'Completed', assigned: true })).toBeNull();
    expect(settlementRefusal('pay', { status: 'Scheduled', assigned: true })).toBe(
      'The signing agent can be marked paid once the appointment is completed; it is scheduled.',
    );
    expect(settlementRefusal('invoice', { status: 'Paused', assigned: true })).toBe(
      'The invoice can be sent once the appointment is completed; it is on hold.',
    );
  });
});
