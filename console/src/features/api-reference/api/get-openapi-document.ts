/**
 * GET /api/openapi.json: the API's own OpenAPI document, the single source of the reference
 * page. It only changes with a deploy, so it stays fresh for the whole visit.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { paths } from '../../../config/paths';
import type { OpenApiDocument } from '../types/openapi';

export const apiReferenceKeys = {
  all: ['api-reference'] as const,
  document: () => [...apiReferenceKeys.all, 'openapi-document'] as const,
};

export async function getOpenApiDocument(signal?: AbortSignal): Promise<OpenApiDocument> {
  const response = await fetch(paths.openApiDocument, {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
    signal,
  });
  if (!response.ok) throw new Error(`GET ${paths.openApiDocument} answered ${response.status}.`);
  const body = (await response.json()) as Partial<OpenApiDocument> | null;
  if (typeof body?.openapi !== 'string' || typeof body.paths !== 'object' || body.paths === null) {
    throw new Error(`GET ${paths.openApiDocument} did not answer an OpenAPI document.`);
  }
  return body as OpenApiDocument;
}

export function openApiDocumentQueryOptions() {
  return queryOptions({
    queryKey: apiReferenceKeys.document(),
    queryFn: ({ signal }) => getOpenApiDocument(signal),
    staleTime: Infinity,
  });
}

export function useOpenApiDocument() {
  return useQuery(openApiDocumentQueryOptions());
}
