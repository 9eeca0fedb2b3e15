/**
 * The agent's credentials (GET/POST /api/agents/me/credentials, renewals, the document's
 * upload). Sent straight, online only: a credential is not queued in the outbox — it waits for
 * an operator anyway, and a document photo held for days on a phone helps nobody. Offline, the
 * screen says it needs a connection.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api, type Schemas } from '../../../lib/api-client';

export type Credential = Schemas['Credential'];
export type AddCredentialBody = Schemas['AddCredential'];
export type RenewCredentialBody = Schemas['RenewCredential'];

export const credentialKeys = {
  all: ['agent-credentials'] as const,
  own: (userId: string) => [...credentialKeys.all, userId] as const,
};

export function ownCredentialsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: credentialKeys.own(userId),
    queryFn: ({ signal }) => answer(api.GET('/agents/me/credentials', { signal })),
  });
}

export function useOwnCredentials(userId: string) {
  return useQuery(ownCredentialsQueryOptions(userId));
}

export function addCredential(body: AddCredentialBody): Promise<Credential> {
  return answer(api.POST('/agents/me/credentials', { body }));
}

export function renewCredential(id: string, body: RenewCredentialBody): Promise<Credential> {
  return answer(api.POST('/agents/me/credentials/{id}/renewals', { params: { path: { id } }, body }));
}

/** The document's upload: a grant, then the bytes with tus (the server checks and stores them when the last chunk is in). */
export async function uploadCredentialDocument(id: string, file: File, onProgress?: (fraction: number) => void): Promise<void> {
  const grant = await answer(
    api.POST('/agents/me/credentials/{id}/document/uploads', {
      params: { path: { id } },
      body: { fileName: file.name || 'document', size: file.size, contentType: file.type },
    }),
  );
  const item = grant.items[0]!;
  const { Upload } = await import('tus-js-client');
  await new Promise<void>((resolve, reject) => {
    const upload = new Upload(file, {
      uploadUrl: item.uploadUrl,
      chunkSize: item.chunkSizeBytes,
      retryDelays: [0, 1000, 3000],
      storeFingerprintForResuming: false,
      fingerprint: async () => item.fileId,
      onProgress: (sent, total) => onProgress?.(total > 0 ? sent / total : 0),
      onSuccess: () => resolve(),
      onError: (error) => reject(error),
    });
    upload.start();
  });
}
