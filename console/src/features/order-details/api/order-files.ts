/**
 * An order's files from the console: the upload (grant → tus bytes, resumable → confirm, each
 * call with its own Idempotency-Key), the delete, and the two file flags. Every change
 * reloads the file list.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { readProblem } from '@signingdesk/domain/problem';
import { DetailedError, Upload } from 'tus-js-client';
import { answer, api, newIdempotencyKey, type Schemas } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

/** Spec 01 §5: at most 5 files at a time. */
export const MAX_FILES_AT_ONCE = 5;
export const TOO_MANY_FILES_TEXT = 'You can only upload up to 5 files at a time.';

/**
 * A tus failure in words, naming the file (issue 30): the server's own problem detail when it
 * sent one, else what happened; never tus's "unexpected response … response text: {json}".
 */
export function uploadProblem(fileName: string, error: unknown): string {
  const response = error instanceof DetailedError ? error.originalResponse : null;
  const status = response?.getStatus() ?? 0;
  if (status === 0) return `${fileName} did not finish uploading: the connection was lost. Try again.`;
  let body: unknown;
  try {
    body = JSON.parse(response?.getBody() ?? '');
  } catch {
    body = null;
  }
  const problem = readProblem(
    status,
    body,
    status === 413 ? 'it is larger than the upload limit.' : 'SigningDesk did not accept it. Try again.',
  );
  return problem.message.includes(fileName) ? problem.message : `${fileName} was not uploaded: ${problem.message}`;
}

export async function uploadFiles(appointmentId: string, files: File[], onProgress: (index: number, percent: number) => void) {
  const grant = await answer(
    api.POST('/appointments/{id}/files/uploads', {
      params: { path: { id: appointmentId } },
      body: { files: files.map((file) => ({ fileName: file.name, size: file.size, contentType: file.type })) },
      headers: { 'Idempotency-Key': newIdempotencyKey() },
    }),
  );
  await Promise.all(
    grant.items.map(async (item, index) => {
      const file = files[index]!;
      await new Promise<void>((resolve, reject) => {
        new Upload(file, {
          uploadUrl: item.uploadUrl,
          chunkSize: item.chunkSizeBytes,
          retryDelays: [0, 1000, 3000, 5000],
          storeFingerprintForResuming: false,
          fingerprint: async () => item.fileId,
          onProgress: (sent, total) => onProgress(index, total === 0 ? 100 : Math.floor((sent / total) * 100)),
          onSuccess: () => resolve(),
          onError: (error) => reject(new Error(uploadProblem(file.name, error))),
        }).start();
      });
      await answer(
        api.POST('/appointments/{id}/files/{fileId}/confirm', {
          params: { path: { id: appointmentId, fileId: item.fileId } },
          headers: { 'Idempotency-Key': newIdempotencyKey() },
        }),
      );
    }),
  );
}

export function useFileChanges(appointmentId: string) {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: orderKeys.detail(appointmentId) });
  const path = { params: { path: { id: appointmentId } } };
  const showFlag = (flag: 'filesUploaded' | 'uploadsApproved', value: boolean) =>
    queryClient.setQueryData(orderKeys.files(appointmentId), (list: Schemas['FileList'] | undefined) =>
      list ? { ...list, [flag]: value } : list,
    );
  return {
    remove: useMutation({
      mutationFn: (fileId: string) =>
        answer(api.DELETE('/appointments/{id}/files/{fileId}', { params: { path: { id: appointmentId, fileId } } })),
      onSettled: reload,
    }),
    // The switch moves at once; a refusal puts it back when the list reloads.
    filesUploaded: useMutation({
      mutationFn: (value: boolean) => answer(api.PUT('/appointments/{id}/files-uploaded', { ...path, body: { value } })),
      onMutate: (value) => showFlag('filesUploaded', value),
      onSettled: reload,
    }),
    // The agent upload switch (operators): on, the uploads can be approved (decision 008).
    agentUpload: useMutation({
      mutationFn: (value: boolean) => answer(api.PUT('/appointments/{id}/agent-upload', { ...path, body: { value } })),
      onSettled: reload,
    }),
    uploadsApproved: useMutation({
      mutationFn: (value: boolean) => answer(api.PUT('/appointments/{id}/uploads-approved', { ...path, body: { value } })),
      onMutate: (value) => showFlag('uploadsApproved', value),
      onSettled: reload,
    }),
  };
}
