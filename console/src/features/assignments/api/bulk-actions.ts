/**
 * The bulk actions of the Assignments table (issue 30): mark paid and send invoices for the
 * chosen rows (POST /api/appointments/mark-paid, /invoices). The server takes each row by its
 * transition rule and answers what was done and, by file number, what was not; the list is
 * refetched either way.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../../lib/api-client';
import { paths } from '../../../config/paths';
import { assignmentKeys } from './list-assignments';

export type BulkAction = 'mark-paid' | 'invoices';

export function useBulkAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, ids }: { action: BulkAction; ids: string[] }) =>
      answer(
        action === 'mark-paid'
          ? api.POST('/appointments/mark-paid', { body: { ids } })
          : api.POST('/appointments/invoices', { body: { ids } }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: assignmentKeys.lists() }),
  });
}

/** The CSV of the chosen rows: the export of the list, limited to their ids. */
export const selectedExportUrl = (ids: string[]) => `${paths.assignmentsExport}?${new URLSearchParams({ ids: ids.join(',') }).toString()}`;
