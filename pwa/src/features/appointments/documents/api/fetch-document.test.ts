/**
 * A download read by the page: the bytes when the signed link answers, the server's own
 * message (problem+json) when it refuses — never a tab turned into raw JSON.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../../../../lib/api-client';
import { fetchDocument } from './fetch-document';

const problem = (status: number, detail: string, code: string) =>
  new Response(JSON.stringify({ type: 'about:blank', title: 'Not Found', status, detail, code }), {
    status,
    headers: { 'Content-Type': 'application/problem+json' },
  });

afterEach(() => vi.unstubAllGlobals());

describe('fetching a document through its signed link', () => {
  it('answers the bytes with their type and the file name', async () => {
    const pdf = new TextEncoder().encode('%PDF-1.7 loan package');
    const fetchMock = vi.fn(async () => new Response(pdf, { status: 200, headers: { 'Content-Type': 'application/pdf' } }));
    vi.stubGlobal('fetch', fetchMock);
    const document = await fetchDocument('/api/files/download/token', 'Loan Package.pdf');
    expect(new Uint8Array(document.data)).toEqual(pdf);
    expect(document).toMatchObject({ type: 'application/pdf', name: 'Loan Package.pdf', size: pdf.byteLength });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/files/download/token',
      expect.objectContaining({ method: 'GET', credentials: 'same-origin' }),
    );
  });

  it("turns a problem answer into the server's message", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => problem(404, 'The file content is not available.', 'NOT_FOUND')),
    );
    const refusal = await fetchDocument('/api/files/download/token', 'Loan Package.pdf').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ status: 404, message: 'The file content is not available.', code: 'NOT_FOUND' });
  });

  it('says the network is gone when fetch fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(fetchDocument('/api/files/download/token', 'x.pdf')).rejects.toBeInstanceOf(NetworkError);
  });
});
