/**
 * A file's bytes for the agent: a signed link first, then the page reads the link's answer; a
 * refusal at either step carries the server's own message (problem+json).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestLine } from '../../../lib/testing-fetch';
import { downloadFile } from './get-download-link';

const problem = (status: number, detail: string, code: string) =>
  new Response(JSON.stringify({ type: 'about:blank', title: 'Refused', status, detail, code }), {
    status,
    headers: { 'Content-Type': 'application/problem+json' },
  });

afterEach(() => vi.unstubAllGlobals());

describe('downloading a file of an appointment', () => {
  it('asks for a signed link first, then reads the link; a refused link carries its message', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo, init?: RequestInit) => {
        const { method, path } = requestLine(input, init);
        calls.push(`${method} ${path}`);
        if (path.endsWith('/download')) return Response.json({ url: '/api/files/download/abc', expiresAt: '2026-11-23T10:05:00.000Z' });
        return problem(410, 'This download link has expired. Please ask for the file again.', 'LINK_EXPIRED');
      }),
    );
    const refusal = await downloadFile('a-1', { fileId: 'f-1', fileName: 'Loan Package.pdf' }).catch((error: unknown) => error);
    expect(calls).toEqual(['POST /api/appointments/a-1/files/f-1/download', 'GET /api/files/download/abc']);
    expect(refusal).toMatchObject({ status: 410, message: 'This download link has expired. Please ask for the file again.' });

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => problem(409, 'This file is still being uploaded.', 'CONFLICT')),
    );
    await expect(downloadFile('a-1', { fileId: 'f-1', fileName: 'x.pdf' })).rejects.toMatchObject({
      status: 409,
      message: 'This file is still being uploaded.',
    });
  });
});
