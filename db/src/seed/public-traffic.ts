/** Public-site traffic: contact requests, escrow registrations and analytics events. */
import type { Tx } from '../index';
import * as schema from '../schema/index';
import { FIRST_NAMES, LAST_NAMES, MESSAGES } from './data';
import type { Random } from './random';

export async function insertPublicTraffic(tx: Tx, random: Random, now: Date) {
  const subjects = ['Question about coverage in Alaska', 'Invoice copy request', 'Agent was late', 'Partnership inquiry', 'Website issue'];
  await tx.insert(schema.contactRequests).values(
    Array.from({ length: 12 }, (_, i) => {
      const first = random.pick(FIRST_NAMES);
      const last = random.pick(LAST_NAMES);
      return {
        kind: random.pick(['contact', 'contact', 'landing_notary', 'landing_title'] as const),
        name: `${first} ${last}`,
        email: `${first}.${last}@example.com`.toLowerCase(),
        phone: `${random.int(201, 989)}555${String(random.int(0, 9999)).padStart(4, '0')}`,
        subject: random.pick(subjects),
        comments: random.pick(MESSAGES),
        readAt: i < 5 ? now : null,
        createdAt: new Date(now.getTime() - random.int(1, 400) * 3_600_000),
      };
    }),
  );
  await tx.insert(schema.escrowRegistrations).values(
    Array.from({ length: 5 }, () => {
      const first = random.pick(FIRST_NAMES);
      const last = random.pick(LAST_NAMES);
      return {
        email: `${first}.${last}@title.example.com`.toLowerCase(),
        firstName: first,
        lastName: last,
        phone: `${random.int(201, 989)}555${String(random.int(0, 9999)).padStart(4, '0')}`,
        titleCompany: `${last} Title Company`,
        comments: 'We close about 40 files a month and need mobile signings statewide.',
      };
    }),
  );
  const paths = ['/', '/about-us', '/support', '/escrow', '/sign-up', '/title-landing', '/faq'];
  await tx.insert(schema.analyticsEvents).values(
    Array.from({ length: 150 }, () => ({
      type: random.pick(['page_view', 'page_view', 'page_view', 'form_display', 'form_submit'] as const),
      path: random.pick(paths),
      visitorId: `v-${random.int(1, 60)}`,
      createdAt: new Date(now.getTime() - random.int(1, 720) * 3_600_000),
    })),
  );
}
