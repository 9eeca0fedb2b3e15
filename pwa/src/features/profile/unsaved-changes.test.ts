import { describe, expect, it } from 'vitest';
import type { ProfileFormValues } from '../../components/agent-profile-form/profile-form-model';
import { hasUnsavedChanges } from './unsaved-changes';

const base: ProfileFormValues = {
  firstName: 'Avery',
  lastName: 'Quinn',
  mobilePhone: '(555) 010-2000',
  companyName: '',
  address1: '1 Main St',
  address2: '',
  city: 'Fresno',
  state: 'CA',
  zip: '93701',
  laserPrinter: true,
  dualTrayPrinter: false,
  smsOptIn: true,
  certifiedStates: ['CA'],
  yearsExperience: '4',
};

describe('hasUnsavedChanges', () => {
  it('is false without a draft, or with a draft equal to what is shown', () => {
    expect(hasUnsavedChanges(null, base)).toBe(false);
    expect(hasUnsavedChanges({ ...base, certifiedStates: ['CA'] }, base)).toBe(false);
  });

  it('is true when a text, a box or the certified states differ', () => {
    expect(hasUnsavedChanges({ ...base, city: 'Clovis' }, base)).toBe(true);
    expect(hasUnsavedChanges({ ...base, laserPrinter: false }, base)).toBe(true);
    expect(hasUnsavedChanges({ ...base, certifiedStates: ['CA', 'NV'] }, base)).toBe(true);
  });
});
