/** Fixed demo data: firms, the named demo accounts and name lists for generated agents. */
export const DEMO_PASSWORD = 'signing-demo-2026';

export const DEMO_FIRMS = [
  { key: 'independent', orgNumber: 0, kind: 'independent', name: 'Independent notary' },
  { key: 'org3000', orgNumber: 3000, kind: 'managing_organization', name: 'SigningDesk Operations West' },
  { key: 'org3001', orgNumber: 3001, kind: 'managing_organization', name: 'SigningDesk Operations East' },
  {
    key: 'firmA', orgNumber: 1, kind: 'title_firm', name: 'Firm A Title & Escrow', contactName: 'Olivia Grant',
    contactEmail: 'orgadmin@firm-a.demo.test', address: '350 S Grand Ave', city: 'Los Angeles', state: 'CA',
    zip: '90071', serviceFeeCents: 4500, managingOrgNumber: 3000,
  },
  {
    key: 'firmB', orgNumber: 2, kind: 'title_firm', name: 'Firm B Escrow Services', contactName: 'Marcus Lee',
    contactEmail: 'escrow@firm-b.demo.test', address: '1000 Main St', city: 'Houston', state: 'TX', zip: '77002',
    serviceFeeCents: 3900, managingOrgNumber: 3001,
  },
  {
    key: 'golden', orgNumber: 3, kind: 'title_firm', name: 'Golden Gate Title', contactName: 'Priya Nair',
    contactEmail: 'priya.nair@goldengate-title.demo.test', address: '101 California St', city: 'San Francisco',
    state: 'CA', zip: '94111', serviceFeeCents: 5000, managingOrgNumber: 3000,
  },
  {
    key: 'liberty', orgNumber: 4, kind: 'title_firm', name: 'Liberty Closing Services', contactName: 'Ethan Brooks',
    contactEmail: 'ethan.brooks@liberty-closing.demo.test', address: '2 Penn Plaza', city: 'New York', state: 'NY',
    zip: '10121', serviceFeeCents: 5500, managingOrgNumber: 3001,
  },
  {
    key: 'sunshine', orgNumber: 5, kind: 'title_firm', name: 'Sunshine Settlement Group', contactName: 'Maria Lopez',
    contactEmail: 'maria.lopez@sunshine-settlement.demo.test', address: '200 S Biscayne Blvd', city: 'Miami',
    state: 'FL', zip: '33131', serviceFeeCents: 4200, managingOrgNumber: 3001,
  },
] as const;
export type DemoFirmKey = (typeof DEMO_FIRMS)[number]['key'];

export interface DemoAccount {
  email: string;
  name: string;
  role: 'admin' | 'sub_admin' | 'creator_admin' | 'creator' | 'notary';
  firm: DemoFirmKey;
  status: 'active' | 'pending';
  phone: string;
}

/** The accounts a newcomer signs in with (README). */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  { email: 'admin@demo.test', name: 'Alex Morgan', role: 'admin', firm: 'org3000', status: 'active', phone: '3105550100' },
  { email: 'subadmin@demo.test', name: 'Sam Rivera', role: 'sub_admin', firm: 'org3000', status: 'active', phone: '3105550101' },
  { email: 'orgadmin@firm-a.demo.test', name: 'Olivia Grant', role: 'creator_admin', firm: 'firmA', status: 'active', phone: '2135550110' },
  { email: 'escrow@firm-a.demo.test', name: 'Dana Whitfield', role: 'creator', firm: 'firmA', status: 'active', phone: '2135550111' },
  { email: 'escrow@firm-b.demo.test', name: 'Marcus Lee', role: 'creator', firm: 'firmB', status: 'active', phone: '7135550120' },
  { email: 'agent@demo.test', name: 'Jordan Taylor', role: 'notary', firm: 'independent', status: 'active', phone: '6265550130' },
  { email: 'pending-agent@demo.test', name: 'Casey Brooks', role: 'notary', firm: 'independent', status: 'pending', phone: '5125550140' },
];

/** More escrow officers, so firm-wide and per-officer scopes differ visibly. */
export const EXTRA_ESCROW_OFFICERS: DemoAccount[] = [
  { email: 'closer@firm-a.demo.test', name: 'Rachel Kim', role: 'creator', firm: 'firmA', status: 'active', phone: '2135550112' },
  { email: 'officer@golden.demo.test', name: 'Priya Nair', role: 'creator', firm: 'golden', status: 'active', phone: '4155550150' },
  { email: 'officer@liberty.demo.test', name: 'Ethan Brooks', role: 'creator', firm: 'liberty', status: 'active', phone: '2125550160' },
  { email: 'officer@sunshine.demo.test', name: 'Maria Lopez', role: 'creator', firm: 'sunshine', status: 'active', phone: '3055550170' },
];

export const DEMO_AGENT_PROFILE = {
  firstName: 'Jordan', lastName: 'Taylor', companyName: 'Taylor Mobile Notary', address1: '455 N Rexford Dr',
  city: 'Beverly Hills', state: 'CA', zip: '90210', certifiedStates: ['CA', 'TX'], yearsExperience: 9,
};
export const PENDING_AGENT_PROFILE = {
  firstName: 'Casey', lastName: 'Brooks', companyName: null, address1: '600 Congress Ave',
  city: 'Austin', state: 'TX', zip: '78701', certifiedStates: ['TX'], yearsExperience: 1,
};

export const FIRST_NAMES = [
  'James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth',
  'William', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Carlos', 'Karen',
  'Daniel', 'Lisa', 'Matthew', 'Nancy', 'Anthony', 'Betty', 'Mark', 'Sandra', 'Luis', 'Ashley',
  'Steven', 'Kimberly', 'Andrew', 'Emily', 'Joshua', 'Donna', 'Kevin', 'Michelle', 'Brian', 'Carol',
  'Hector', 'Amanda', 'Kenji', 'Melissa', 'Ryan', 'Deborah', 'Jacob', 'Stephanie', 'Gary', 'Rebecca',
  'Nicole', 'Tyrone', 'Aisha', 'Mei', 'Rosa', 'Omar', 'Grace', 'Victor', 'Hannah', 'Diego',
];
export const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez',
  'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin',
  'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson',
  'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores',
  'Green', 'Adams', 'Nelson', 'Baker', 'Hall', 'Rivera', 'Campbell', 'Mitchell', 'Carter', 'Roberts',
  'Chen', 'Patel', 'Okafor', 'Kowalski', 'Yamamoto', 'Schmidt', 'Novak', 'Haddad', 'Silva', 'Byrne',
];
export const STREET_NAMES = [
  'Oak St', 'Maple Ave', 'Cedar Ln', 'Pine St', 'Elm St', 'Washington Ave', 'Lake Dr', 'Hillcrest Rd',
  'Sunset Blvd', 'Park Ave', 'Main St', 'Highland Ave', 'Willow Way', 'Ridge Rd', 'Meadow Ln', 'River Rd',
  'Franklin St', 'Jefferson Ave', 'Lincoln Rd', 'Madison Ct',
];
export const LENDERS = [
  'Rocket Mortgage', 'Wells Fargo Home Mortgage', 'Chase Home Lending', 'United Wholesale Mortgage',
  'Bank of America', 'loanDepot', 'Guild Mortgage', 'Navy Federal Credit Union', 'PennyMac', 'Fairway Independent',
];
export const COMPANY_SUFFIXES = ['Mobile Notary', 'Signing Services', 'Notary Solutions', 'Closing Agents', 'Loan Signings'];
export const MESSAGES = [
  'Borrower prefers the signing at the kitchen table; please call 30 minutes ahead.',
  'Documents are uploaded. Please print two sets, legal size where marked.',
  'Confirmed with the signer. Gate code is 4521.',
  'Signer asked whether a spouse needs to be present — yes, both must sign.',
  'Running 10 minutes late due to traffic, signer informed.',
  'Scan-backs uploaded. Original package goes out by FedEx tonight.',
  'Please bring a second pen with blue ink; lender requires it.',
  'Can we move this to 6:30 PM? Signer works until 6.',
];

/** Population-weighted share of agents per state, so demo and bench data look real. */
export const STATE_WEIGHTS: Record<string, number> = {
  CA: 12, TX: 9, FL: 7, NY: 6, PA: 4, IL: 4, OH: 3.5, GA: 3.3, NC: 3.2, MI: 3, NJ: 2.8, VA: 2.6, WA: 2.3,
  AZ: 2.2, TN: 2.1, MA: 2.1, IN: 2, MO: 1.8, MD: 1.8, WI: 1.8, CO: 1.8, MN: 1.7, SC: 1.6, AL: 1.5, LA: 1.4,
  KY: 1.3, OR: 1.3, OK: 1.2, CT: 1.1, UT: 1, IA: 1, NV: 1, AR: 0.9, MS: 0.9, KS: 0.9, NM: 0.7, NE: 0.6,
  ID: 0.6, WV: 0.5, HI: 0.5, NH: 0.5, ME: 0.5, MT: 0.4, RI: 0.4, DE: 0.4, SD: 0.3, ND: 0.3, AK: 0.3,
  DC: 0.3, VT: 0.3, WY: 0.3,
};
/** The time zone of each state's main population. */
export const ZONE_OF_STATE: Record<string, 'ET' | 'CT' | 'MT' | 'PT' | 'HT' | 'AK'> = {
  CA: 'PT', WA: 'PT', OR: 'PT', NV: 'PT', AZ: 'MT', UT: 'MT', CO: 'MT', NM: 'MT', ID: 'MT', MT: 'MT', WY: 'MT',
  TX: 'CT', IL: 'CT', MN: 'CT', MO: 'CT', WI: 'CT', IA: 'CT', LA: 'CT', OK: 'CT', KS: 'CT', NE: 'CT', AR: 'CT',
  MS: 'CT', AL: 'CT', TN: 'CT', ND: 'CT', SD: 'CT', HI: 'HT', AK: 'AK',
};
