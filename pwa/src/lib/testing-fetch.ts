/** For tests' fetch stubs: the method and path (query included) of what the app asked for. */
export function requestLine(input: RequestInfo | URL, init?: RequestInit): { method: string; path: string } {
  if (input instanceof Request) {
    const url = new URL(input.url);
    return { method: input.method, path: `${url.pathname}${url.search}` };
  }
  return { method: init?.method ?? 'GET', path: String(input) };
}

/** A fetch stub that records what was asked (method, path, body text) and answers `respond()`. */
export function recordingFetch(respond: () => Response) {
  const calls: { method: string; path: string; body: string; headers: Headers }[] = [];
  const fetcher = (async (input: RequestInfo, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    calls.push({ ...requestLine(input, init), body: await request.text(), headers: request.headers });
    return respond();
  }) as typeof fetch;
  return { calls, fetcher };
}

export function jsonResponse(status: number, body: unknown, type = 'application/json'): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': type } });
}
