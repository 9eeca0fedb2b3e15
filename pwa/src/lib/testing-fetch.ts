/** For tests' fetch stubs: the method and path (query included) of what the app asked for. */
export function requestLine(input: RequestInfo | URL, init?: RequestInit): { method: string; path: string } {
  if (input instanceof Request) {
    const url = new URL(input.url);
    return { method: input.method, path: `${url.pathname}${url.search}` };
  }
  return { method: init?.method ?? 'GET', path: String(input) };
}
