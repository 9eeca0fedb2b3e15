/**
 * The landing page's marketing copy (spec 01 §2 "Home page and next steps": hero, benefit
 * tags, stats, feature cards, a five-step process, testimonials, reviews; the spec does not
 * reproduce its values). Kept apart from the layout so copy changes touch one file.
 */

export type LandingHero = { title: string; text: string; primary: 'notary' | 'title' };

export const HOME_HERO: LandingHero = {
  title: 'Closing signings, ordered and handled in one place',
  text: 'SigningDesk is the closing-signings marketplace for title and escrow companies, signing agents and the operator team that runs the service: escrow officers order signing appointments for real-estate closings, signing agents claim them, and our team sees every signing through.',
  primary: 'notary',
};

export const TITLE_HERO: LandingHero = {
  title: 'Notary Services for Title Companies',
  text: 'Order a mobile notary for any closing in two minutes, watch the signing from order to scan-back, and receive the documents and the invoice in the same place — for one file a month or five hundred.',
  primary: 'title',
};

export const BENEFIT_TAGS = [
  'Nationwide coverage',
  'Same-day and after-hours signings',
  'Commissioned, background-checked agents',
  'Scan-backs within two hours',
  'One invoice per order',
] as const;

/**
 * The marketing figures of spec 01 §1, the same on every page that shows them (landing pages and
 * About Us): over 8,000 signing agents in the database, 50 states, 20+ years, 24-hour turnaround.
 */
export const STATS = [
  { value: '8,000+', label: 'signing agents in our database' },
  { value: '50', label: 'states covered' },
  { value: '20+', label: 'years of experience' },
  { value: '24-hour', label: 'turnaround' },
] as const;

/** Where visitors read what others say about SigningDesk (spec 01 §2: About Us links to an external review search). */
export const REVIEW_SEARCH_URL = 'https://www.google.com/search?q=SigningDesk+reviews';

export const FEATURES = [
  {
    title: 'Order in two minutes',
    text: 'One form for the signing: where, when, who signs, the file number and your instructions. A time to be decided is fine.',
  },
  {
    title: 'Agents near the signing',
    text: 'Each order is offered to agents commissioned in its state and close to the property; our team picks among their answers.',
  },
  {
    title: 'Every step in view',
    text: 'See the status, the assigned agent with a phone and an email, and a timeline from order to invoice without calling anyone.',
  },
  {
    title: 'Documents in one place',
    text: 'Upload the closing package, see when the agent downloaded it, and receive the scan-backs on the same order.',
  },
  {
    title: 'Messages on the order',
    text: 'Write to our team and the agent on the order itself, and see who has read what.',
  },
  {
    title: 'Agents who never miss an offer',
    text: 'Agents answer from their phone, even with a weak signal at a kitchen table: nothing they do is lost.',
  },
] as const;

export const STEPS = [
  { title: 'Order the signing', text: 'Fill in the order, preview it and submit. You get the confirmation at once.' },
  { title: 'We offer it to agents', text: 'Commissioned agents near the property hear about it and claim it or name their fee.' },
  { title: 'An agent is assigned', text: 'We assign the best answer and you see the agent’s name, phone and email on the order.' },
  {
    title: 'The signing happens',
    text: 'The agent meets the signers, and scan-backs reach the order within two hours when you ask for them.',
  },
  { title: 'Completed and invoiced', text: 'The order is marked complete and its invoice arrives by email and on the order.' },
] as const;

export const TESTIMONIALS = [
  {
    quote:
      'We used to spend the morning on the phone finding notaries. Now our officers order a signing between two calls and see the agent by lunch.',
    name: 'Dana Whitfield',
    role: 'Escrow manager, Harbor Point Title',
  },
  {
    quote: 'The timeline on each order answers the question our lenders ask most: where is it now?',
    name: 'Marcus Ortega',
    role: 'Senior escrow officer, Cedar Ridge Escrow',
  },
  {
    quote: 'I claim signings from my car between appointments. When I lose signal it just waits and sends.',
    name: 'Alicia Brooks',
    role: 'Signing agent, Tampa, FL',
  },
] as const;

export const REVIEW_SUMMARY = { rating: 4.8, count: 1240 } as const;

export const REVIEWS = [
  {
    rating: 5,
    title: 'Reliable on short notice',
    text: 'A same-day refinance in a rural county, covered within the hour.',
    author: 'Escrow officer, Oregon',
  },
  {
    rating: 5,
    title: 'Clear from start to finish',
    text: 'I always know who the agent is and when the documents come back.',
    author: 'Title processor, Texas',
  },
  {
    rating: 4,
    title: 'Easy for our whole office',
    text: 'Our admin added two new officers herself in a minute.',
    author: 'Office manager, Ohio',
  },
] as const;
