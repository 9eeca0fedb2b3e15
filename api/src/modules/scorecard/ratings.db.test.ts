/**
 * The escrow rating of a completed signing (POST/GET /api/appointments/{id}/rating): given once,
 * by the order's escrow side only, read by that firm and operators, never by another firm or an
 * agent; bad input named by field; and the rating moves the agent's score.
 */
import { schema } from '@signingdesk/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The app first: @hono/zod-openapi must extend zod before a domain schema is built.
import { completedForAgent, post, scheduledForAgent, signInAll, userIdOf, type Sessions } from '../../testing/fixtures';
import { createTestApp, readJson, type TestApp } from '../../testing/test-app';
import { RATING_ALREADY_GIVEN, RATING_COMMENT_MAX, RATING_NOT_COMPLETED } from '@signingdesk/domain/escrow-rating';

const { agentProfiles, escrowRatings } = schema;

describe('the escrow rating of a signing', () => {
  let t: TestApp;
  let s: Sessions;
  let agentId: string;

  beforeAll(async () => {
    t = await createTestApp();
    s = await signInAll(t);
    agentId = await userIdOf(t, 'agent@demo.test');
  });
  afterAll(() => t.close());

  const get = async (path: string, cookie: string) => {
    const res = await t.request(path, { cookie });
    return { status: res.status, body: await readJson(res).catch(() => null) };
  };
  const ratingsOf = (appointmentId: string) =>
    t.database.db.select().from(escrowRatings).where(eq(escrowRatings.appointmentId, appointmentId));

  it('is given once by the escrow officer, stored with the agent, and moves the agent’s score', async () => {
    const before = await get(`/api/agents/${agentId}/scorecard`, s.admin);
    expect(before.status).toBe(200);
    const { id } = await completedForAgent(t, s);
    expect((await get(`/api/appointments/${id}/rating`, s.escrowA)).body).toEqual({ rating: null });

    const rated = await post(t, `/api/appointments/${id}/rating`, s.escrowA, {
      stars: 1,
      tags: ['late', 'package_errors'],
      comment: '  Arrived late; two pages unsigned.  ',
    });
    expect(rated.status).toBe(201);
    expect(rated.body.message).toBe('You rated this signing 1/5. Thank you.');
    expect(await ratingsOf(id)).toEqual([
      expect.objectContaining({ agentId, stars: 1, tags: ['late', 'package_errors'], comment: 'Arrived late; two pages unsigned.' }),
    ]);

    const after = await get(`/api/agents/${agentId}/scorecard`, s.admin);
    expect(after.body.counts.ratings).toBe(before.body.counts.ratings + 1);
    expect(after.body.counts.ratingStars).toBe(before.body.counts.ratingStars + 1);
    // The demo agent's record is strong: one poor rating lowers it.
    expect(after.body.score).toBeLessThan(before.body.score);
    expect(after.body.recentRatings[0]).toMatchObject({ appointmentId: id, stars: 1, comment: 'Arrived late; two pages unsigned.' });

    // A second rating, by the same officer or the firm's org admin, is refused and changes nothing.
    for (const cookie of [s.escrowA, s.orgAdmin]) {
      const again = await post(t, `/api/appointments/${id}/rating`, cookie, { stars: 1 });
      expect(again.status).toBe(409);
      expect(again.body.detail).toBe(RATING_ALREADY_GIVEN);
    }
    expect((await ratingsOf(id)).map((r) => r.stars)).toEqual([1]);
  });

  it('is read by the order’s firm and operators; another firm and the agents get 404 or 403', async () => {
    const { id } = await completedForAgent(t, s);
    await post(t, `/api/appointments/${id}/rating`, s.orgAdmin, { stars: 3, tags: ['late'] });
    for (const cookie of [s.escrowA, s.orgAdmin, s.admin, s.subAdmin]) {
      const read = await get(`/api/appointments/${id}/rating`, cookie);
      expect(read.status).toBe(200);
      expect(read.body.rating).toMatchObject({ stars: 3, tags: ['late'], comment: null, ratedBy: 'Olivia Grant' });
    }
    // Escrow of another firm: the order does not exist for them; agents never read a rating.
    expect((await get(`/api/appointments/${id}/rating`, s.escrowB)).status).toBe(404);
    expect((await get(`/api/appointments/${id}/rating`, s.agent)).status).toBe(403);
    expect((await post(t, `/api/appointments/${id}/rating`, s.escrowB, { stars: 1 })).status).toBe(404);
    // The scorecard with each rating is the operators'; the agent's own record carries counts only.
    expect((await get(`/api/agents/${agentId}/scorecard`, s.escrowA)).status).toBe(403);
    const own = await get('/api/agent/record', s.agent);
    expect(own.status).toBe(200);
    expect(Object.keys(own.body).sort()).toEqual(['counts', 'score']);
  });

  it('refuses a signing not completed yet, and operators and agents, who do not rate', async () => {
    const { id } = await scheduledForAgent(t, s);
    const early = await post(t, `/api/appointments/${id}/rating`, s.escrowA, { stars: 4 });
    expect(early.status).toBe(409);
    expect(early.body.detail).toBe(RATING_NOT_COMPLETED);
    const done = await completedForAgent(t, s);
    expect((await post(t, `/api/appointments/${done.id}/rating`, s.admin, { stars: 4 })).status).toBe(403);
    expect((await post(t, `/api/appointments/${done.id}/rating`, s.agent, { stars: 4 })).status).toBe(403);
    expect(await ratingsOf(id)).toEqual([]);
    expect(await ratingsOf(done.id)).toEqual([]);
  });

  it('refuses bad input with a 400 naming the field as the card labels it; nothing is stored', async () => {
    const { id } = await completedForAgent(t, s);
    const cases: [unknown, string, string][] = [
      [{}, 'stars', 'Stars: choose from 1 to 5 stars.'],
      [{ stars: 0 }, 'stars', 'Stars: choose from 1 to 5 stars.'],
      [{ stars: 6 }, 'stars', 'Stars: choose from 1 to 5 stars.'],
      [{ stars: 3.5 }, 'stars', 'Stars: choose from 1 to 5 stars.'],
      [{ stars: '4' }, 'stars', 'Stars: choose from 1 to 5 stars.'],
      [
        { stars: 4, tags: ['rude'] },
        'tags.0',
        'Tags: choose among On time, Late, Package errors, Professional, Scan-backs late, each once.',
      ],
      [
        { stars: 4, tags: ['late', 'late'] },
        'tags',
        'Tags: choose among On time, Late, Package errors, Professional, Scan-backs late, each once.',
      ],
      [{ stars: 4, comment: 'x'.repeat(RATING_COMMENT_MAX + 1) }, 'comment', `Comment: at most ${RATING_COMMENT_MAX} characters.`],
      [{ stars: 4, extra: true }, '(body)', ''],
    ];
    for (const [body, field, detail] of cases) {
      const res = await post(t, `/api/appointments/${id}/rating`, s.escrowA, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors[0].field, JSON.stringify(body)).toBe(field);
      if (detail) expect(res.body.detail).toBe(detail);
    }
    expect(await ratingsOf(id)).toEqual([]);
    // The longest comment allowed is taken.
    const ok = await post(t, `/api/appointments/${id}/rating`, s.escrowA, { stars: 4, comment: 'x'.repeat(RATING_COMMENT_MAX) });
    expect(ok.status).toBe(201);
  });

  it('sorts agent search by score for operators, best first; escrow may not', async () => {
    const sorted = await get('/api/agents?sort=score&pageSize=50', s.admin);
    expect(sorted.status).toBe(200);
    const scores = sorted.body.items.map((a: { score: number }) => a.score);
    expect(scores.length).toBeGreaterThan(1);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const byName = await get('/api/agents', s.escrowA);
    expect(byName.body.items[0]).not.toHaveProperty('score');
    expect((await get('/api/agents?sort=score', s.escrowA)).status).toBe(403);
  });

  it('shows operators each agent’s current score in the search, sorted by it or not, after a rating moved it', async () => {
    const [profile] = await t.database.db
      .select({ lastName: agentProfiles.lastName })
      .from(agentProfiles)
      .where(eq(agentProfiles.userId, agentId));
    const lastName = profile!.lastName;
    const scoreInSearch = async (sort: string) => {
      const found = await get(`/api/agents?mode=name&lastName=${encodeURIComponent(lastName)}&sort=${sort}&pageSize=100`, s.admin);
      expect(found.status).toBe(200);
      return found.body.items.find((a: { id: string }) => a.id === agentId)?.score;
    };
    const before = (await get(`/api/agents/${agentId}/scorecard`, s.admin)).body.score;
    expect(await scoreInSearch('score')).toBe(before);
    const { id } = await completedForAgent(t, s);
    expect((await post(t, `/api/appointments/${id}/rating`, s.escrowA, { stars: 1, tags: ['late'] })).status).toBe(201);
    const after = (await get(`/api/agents/${agentId}/scorecard`, s.admin)).body.score;
    expect(after).toBeLessThan(before);
    expect(await scoreInSearch('score')).toBe(after);
    expect(await scoreInSearch('default')).toBe(after);
  });
});
