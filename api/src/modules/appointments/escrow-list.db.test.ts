import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrder, post, signInAll, userIdOf, type Sessions } from '../../testing/fixtures';
import { createTestApp, readJson, type TestApp } from '../../testing/test-app';
import { ESCROW_CSV_COLUMNS } from './escrow-export';

interface Row {
  id: string;
  fileNumber: string | null;
  signerName: string | null;
  assignedAgent: { id: string; name: string; email: string; phone: string | null } | null;
}

describe('the escrow list: search, sort, the agent’s contact and the CSV export', () => {
  let t: TestApp;
  let s: Sessions;
  beforeAll(async () => {
    t = await createTestApp();
    s = await signInAll(t);
  });
  afterAll(() => t.close());

  const list = async (cookie: string, query: string) => {
    const res = await t.request(`/api/escrow/appointments?${query}`, { cookie });
    return { status: res.status, body: await readJson(res) };
  };
  const rows = async (cookie: string, query: string): Promise<Row[]> => {
    const { status, body } = await list(cookie, query);
    expect(status).toBe(200);
    return body.items;
  };
  const csv = async (cookie: string, query: string) => {
    const res = await t.request(`/api/escrow/appointments/export?${query}`, { cookie });
    return { res, lines: (await res.text()).split('\r\n').filter((line) => line !== '') };
  };

  it('finds orders by part of the file number or the signer’s name, in the caller’s scope only', async () => {
    const id = await createOrder(t, s.escrowA, { fileNumber: 'QZX-4471-A', contactName: 'Marisol Quintanilla' });
    expect((await rows(s.escrowA, 'q=qzx-4471')).map((r) => r.id)).toEqual([id]);
    expect((await rows(s.escrowA, 'q=QUINTANILLA')).map((r) => r.id)).toEqual([id]);
    // The org admin sees the firm's orders; the other firm's officer never does.
    expect((await rows(s.orgAdmin, 'q=QZX-4471')).map((r) => r.id)).toEqual([id]);
    expect(await rows(s.escrowB, 'q=QZX-4471')).toEqual([]);
    expect((await list(s.escrowB, 'q=QZX-4471')).body.total).toBe(0);
    // LIKE's wildcards are searched for as characters.
    expect(await rows(s.escrowA, `q=${encodeURIComponent('%')}`)).toEqual([]);
  });

  it('finds orders by the appointment’s name, its street and the assigned agent’s name', async () => {
    const named = await createOrder(t, s.escrowA, { name: 'Vandersloot Purchase', fileNumber: 'NM-1' });
    const street = await createOrder(t, s.escrowA, { street: '4410 Quillfeather Lane', fileNumber: 'ST-1' });
    expect((await rows(s.escrowA, 'q=vandersloot')).map((r) => r.id)).toEqual([named]);
    expect((await rows(s.escrowA, 'q=QUILLFEATHER')).map((r) => r.id)).toEqual([street]);
    expect(await rows(s.escrowB, 'q=vandersloot')).toEqual([]);
    const assigned = await createOrder(t, s.escrowA, { fileNumber: 'AGT-SEARCH-1' });
    const agentId = await userIdOf(t, 'agent@demo.test');
    expect((await post(t, `/api/appointments/${assigned}/assign`, s.admin, { agentId })).status).toBe(200);
    const [row] = await rows(s.escrowA, 'q=AGT-SEARCH-1');
    const agentName = row!.assignedAgent!.name;
    const found = await rows(s.escrowA, `q=${encodeURIComponent(agentName.toUpperCase())}&pageSize=100`);
    expect(found.map((r) => r.id)).toContain(assigned);
    expect(found.every((r) => r.assignedAgent?.name === agentName || r.signerName?.includes(agentName))).toBe(true);
  });

  it('filters by status and counts each of the view’s statuses on the server, with the search applied', async () => {
    const open = await createOrder(t, s.escrowA, { fileNumber: 'CNT-OPEN-1' });
    await createOrder(t, s.escrowA, { fileNumber: 'CNT-OPEN-2' });
    const held = await createOrder(t, s.escrowA, { fileNumber: 'CNT-HELD-1' });
    const canceled = await createOrder(t, s.escrowA, { fileNumber: 'CNT-GONE-1' });
    const setStatus = (id: string, status: string) =>
      t.request(`/api/appointments/${id}/status`, { method: 'POST', cookie: s.admin, body: JSON.stringify({ status }) });
    expect((await setStatus(held, 'Paused')).status).toBe(200);
    expect((await setStatus(canceled, 'Canceled')).status).toBe(200);

    const inProcess = (await list(s.escrowA, 'q=CNT-')).body;
    expect(inProcess.statusCounts).toEqual([
      { status: 'Open', count: 2, capped: false },
      { status: 'Pending', count: 0, capped: false },
      { status: 'Scheduled', count: 0, capped: false },
      { status: 'Paused', count: 1, capped: false },
    ]);
    expect(inProcess.total).toBe(3);
    const paused = (await list(s.escrowA, 'q=CNT-&status=Paused')).body;
    expect(paused.items.map((r: Row) => r.id)).toEqual([held]);
    expect(paused.total).toBe(1);
    // The counts stay those of the whole view, so the other choices still say what they hold.
    expect(paused.statusCounts).toEqual(inProcess.statusCounts);
    expect((await rows(s.escrowA, 'q=CNT-OPEN&status=Open')).map((r) => r.fileNumber).sort()).toEqual(['CNT-OPEN-1', 'CNT-OPEN-2']);
    expect((await rows(s.escrowA, 'q=CNT-&status=Open')).map((r) => r.id)).toContain(open);

    const completed = (await list(s.escrowA, 'view=completed&q=CNT-')).body;
    expect(completed.statusCounts).toEqual([
      { status: 'Completed', count: 0, capped: false },
      { status: 'Canceled', count: 1, capped: false },
    ]);
    expect((await rows(s.escrowA, 'view=completed&q=CNT-&status=Canceled')).map((r) => r.id)).toEqual([canceled]);
    // The other firm counts none of them.
    expect((await list(s.escrowB, 'q=CNT-')).body.statusCounts.map((c: { count: number }) => c.count)).toEqual([0, 0, 0, 0]);
    // The export takes the same filter.
    const exported = await csv(s.escrowA, 'view=completed&q=CNT-&status=Canceled');
    expect(exported.lines).toHaveLength(2);
    expect(exported.lines[1]).toContain('CNT-GONE-1');
  });

  it('refuses a status outside the view, naming the field', async () => {
    const bad = await list(s.escrowA, 'view=completed&status=Open');
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: 'status', message: 'Status must be one of Completed, Canceled' }]);
    expect((await list(s.escrowA, 'status=Closed')).body.errors).toEqual([expect.objectContaining({ field: 'status' })]);
    const badExport = await t.request('/api/escrow/appointments/export?view=in-process&status=Canceled', { cookie: s.escrowA });
    expect(badExport.status).toBe(400);
  });

  it('finds a file number by any part of it, every character taken literally and case ignored', async () => {
    const numbers = ["LIT-O'Brien-7", 'LIT-C:\\12\\x', 'LIT-50%_off', 'LIT-a&b|!c*', 'LIT-Één 9', 'LIT-0026120', 'LIT-0026129'];
    for (const fileNumber of numbers) await createOrder(t, s.escrowA, { fileNumber, contactName: 'Lit Signer' });
    const terms = ["'", "o'b", '\\', 'c:\\12', '%_', '&b|!', 'c*', '*', ':', 'één', 'N 9', '002612', 'lit-0026120', 'LIT-00261200', 'x y'];
    for (const term of terms) {
      // Only this test's orders carry the LIT- signer; the others are left out by the firm's scope.
      const found = (await rows(s.escrowA, `q=${encodeURIComponent(term)}&pageSize=100`)).flatMap((r) =>
        r.signerName === 'Lit Signer' ? [r.fileNumber] : [],
      );
      const expected = numbers.filter((n) => n.toLowerCase().includes(term.toLowerCase()));
      expect(found.sort(), term).toEqual(expected.sort());
    }
  });

  it('sorts on the server by the chosen column, both ways, and pages the same order', async () => {
    for (const [file, signer] of [
      ['SRT-B', 'Beth Crane'],
      ['SRT-C', 'Abel Dunn'],
      ['SRT-A', 'Cora Bell'],
    ] as const) {
      await createOrder(t, s.escrowA, { fileNumber: file, contactName: signer });
    }
    const files = async (query: string) => (await rows(s.escrowA, `q=SRT-&${query}`)).map((r) => r.fileNumber);
    expect(await files('sort=fileNumber&order=asc')).toEqual(['SRT-A', 'SRT-B', 'SRT-C']);
    expect(await files('sort=fileNumber&order=desc')).toEqual(['SRT-C', 'SRT-B', 'SRT-A']);
    expect(await files('sort=signerName&order=asc')).toEqual(['SRT-C', 'SRT-B', 'SRT-A']);
    const pages = [await files('sort=fileNumber&pageSize=2&page=1'), await files('sort=fileNumber&pageSize=2&page=2')];
    expect(pages).toEqual([['SRT-A', 'SRT-B'], ['SRT-C']]);
    expect((await list(s.escrowA, 'q=SRT-&pageSize=2')).body.total).toBe(3);
  });

  it('counts a long list up to 1,000 rows past its page and says when there are more; the export still has every row', async () => {
    const id = await createOrder(t, s.escrowA, { fileNumber: 'CAP-0000' });
    // 1,030 copies of that order, numbered CAP-0001…CAP-1030 and a second apart, in one transaction.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(
        sql`create temp table cap_copies on commit drop as select appointments.*, n from appointments, generate_series(1, 1030) as n where id = ${id}`,
      );
      await tx.execute(
        sql`update cap_copies set id = gen_random_uuid(), file_number = 'CAP-' || lpad(n::text, 4, '0'), starts_at = starts_at + n`,
      );
      await tx.execute(sql`alter table cap_copies drop column n`);
      await tx.execute(sql`insert into appointments select * from cap_copies`);
    });
    const page = async (query: string) => (await list(s.escrowA, `q=CAP-&${query}`)).body;
    expect(await page('page=1')).toMatchObject({ total: 1000, totalCapped: true });
    expect(await page('page=2')).toMatchObject({ total: 1025, totalCapped: true });
    const last = await page('page=42');
    expect(last).toMatchObject({ total: 1031, totalCapped: false });
    expect(last.items.map((r: Row) => r.fileNumber)).toEqual(['CAP-1025', 'CAP-1026', 'CAP-1027', 'CAP-1028', 'CAP-1029', 'CAP-1030']);
    // The operators' Assignments list counts the same way.
    const open = await readJson(await t.request('/api/appointments?status=Open', { cookie: s.admin }));
    expect(open).toMatchObject({ total: 1000, totalCapped: true });
    const { lines } = await csv(s.escrowA, 'q=CAP-');
    expect(lines).toHaveLength(1 + 1031);
  });

  it('names the field of a bad sort or order', async () => {
    const bad = await list(s.escrowA, 'sort=fee');
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([expect.objectContaining({ field: 'sort' })]);
    expect((await list(s.escrowA, 'order=sideways')).body.errors).toEqual([expect.objectContaining({ field: 'order' })]);
  });

  it('gives the assigned agent’s contact: name, email and the 10-digit phone', async () => {
    const id = await createOrder(t, s.escrowA, { fileNumber: 'AGT-CONTACT-1' });
    const agentId = await userIdOf(t, 'agent@demo.test');
    expect((await post(t, `/api/appointments/${id}/assign`, s.admin, { agentId })).status).toBe(200);
    const [row] = await rows(s.escrowA, 'q=AGT-CONTACT-1');
    expect(row!.assignedAgent).toMatchObject({ id: agentId, email: 'agent@demo.test' });
    expect(row!.assignedAgent!.phone).toMatch(/^\d{10}$/);
  });

  it('exports every row of the filter as CSV: a header, one line per order, as many as the list’s total', async () => {
    const total = (await list(s.orgAdmin, 'view=completed')).body.total as number;
    expect(total).toBeGreaterThan(0);
    const { res, lines } = await csv(s.orgAdmin, 'view=completed');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="completed-appointments-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(lines[0]).toBe(ESCROW_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(total + 1);
    // The other firm's export holds none of these orders.
    const other = await csv(s.escrowB, 'view=completed');
    expect(other.lines.length - 1).toBe((await list(s.escrowB, 'view=completed')).body.total);
  });

  it('quotes commas and quotes, keeps a formula as text, and shows TBD and On Hold in words', async () => {
    const id = await createOrder(t, s.escrowA, {
      fileNumber: '=HYPERLINK("http://x.test")',
      contactName: 'Lee, "Sam"',
      timeTbd: true,
      time: null,
    });
    expect(
      (await t.request(`/api/appointments/${id}/status`, { method: 'POST', cookie: s.admin, body: JSON.stringify({ status: 'Paused' }) }))
        .status,
    ).toBe(200);
    const { lines } = await csv(s.escrowA, `q=${encodeURIComponent('HYPERLINK')}`);
    expect(lines).toHaveLength(2);
    const cells = lines[1]!;
    expect(cells).toContain(`"'=HYPERLINK(""http://x.test"")"`);
    expect(cells).toContain('"Lee, ""Sam"""');
    expect(cells).toContain(',TBD,CT,');
    expect(cells).toContain(',On Hold,');
  });
});
