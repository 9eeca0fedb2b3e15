import { describe, expect, it } from 'vitest';
import { agentFeeField, firmFeeField } from './appointment-input';
import { CreateFirmSchema } from './firm-input';

const issue = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message ?? null;

describe('fee bounds (domain/fee-rules.ts)', () => {
  it('keeps a signing agent’s fee between $25.00 and $1,000.00: $0 and $999,999.99 are refused, naming the range', () => {
    for (const fee of ['$0', '24.99', '1000.01', '$999,999.99', '999999.99']) {
      const result = agentFeeField.safeParse(fee);
      expect(result.success, fee).toBe(false);
    }
    expect(issue(agentFeeField.safeParse('0'))).toBe('must be between $25.00 and $1,000.00');
    expect(agentFeeField.parse('$25')).toBe(2_500);
    expect(agentFeeField.parse('1000')).toBe(100_000);
  });

  it('lets a title company’s fee be waived ($0) but not pass $1,000.00, on the order and on the firm', () => {
    expect(firmFeeField.parse('0')).toBe(0);
    expect(issue(firmFeeField.safeParse('1000.01'))).toBe('must be at most $1,000.00');
    const firm = { name: 'Fee Title', contactName: 'Ann Lee', contactEmail: 'ann@fee.test', address: '1 Main St', city: 'Reno', state: 'NV', zip: '89501' };
    expect(issue(CreateFirmSchema.safeParse({ ...firm, serviceFee: '$1,250.50' }))).toBe('must be at most $1,000.00');
    expect(CreateFirmSchema.safeParse({ ...firm, serviceFee: '45' }).success).toBe(true);
  });
});
