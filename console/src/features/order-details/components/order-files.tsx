import { Alert, Anchor, Badge, Button, Card, Group, List, Progress, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { LINK_TARGETS } from '@signingdesk/domain/deep-links';
import { Dropzone } from '@mantine/dropzone';
import { modals } from '@mantine/modals';
import { ALLOWED_TYPES_TEXT } from '@signingdesk/domain/upload-limits';
import { useRef, useState } from 'react';
import { showToast } from '../../../lib/toast';
import { useOrderFiles } from '../api/get-order';
import { openOrderFile } from '../api/open-order-file';
import { RECEIPT } from '@signingdesk/domain/signing-day';
import { receiptDeletable } from '@signingdesk/domain/appointment-rules';
import { MAX_FILES_AT_ONCE, TOO_MANY_FILES_TEXT, uploadFiles, useFileChanges } from '../api/order-files';
import '@mantine/dropzone/styles.css';
import { formatEventTime } from '../../../lib/format-date-time';

type Sending = { name: string; percent: number }[];

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The order's files (spec 01 §2, §4): the upload component (at most 5 files at a time, progress
 * in percent), the two file toggles, and the list with its log lines, download through a signed
 * link and delete behind the spec's confirmation.
 */
/** `filesDeletable`: the order's status still lets this viewer delete its files (domain `fileDeletable`). */
/** `operator`: the viewer is an operator, who may also turn the agent upload on (decision 008). */
export function OrderFiles({
  appointmentId,
  filesDeletable,
  operator,
}: {
  appointmentId: string;
  filesDeletable: boolean;
  operator: boolean;
}) {
  const files = useOrderFiles(appointmentId, true);
  const changes = useFileChanges(appointmentId);
  const [sending, setSending] = useState<Sending | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const openPicker = useRef<() => void>(null);
  const flags = files.data;

  const upload = async (picked: File[]) => {
    setProblem(null);
    if (picked.length > MAX_FILES_AT_ONCE) {
      setProblem(TOO_MANY_FILES_TEXT);
      return;
    }
    if (picked.length === 0) return;
    setSending(picked.map((file) => ({ name: file.name, percent: 0 })));
    try {
      await uploadFiles(appointmentId, picked, (index, percent) =>
        setSending((current) => current?.map((entry, i) => (i === index ? { ...entry, percent } : entry)) ?? null),
      );
      showToast({
        title: 'Upload complete',
        message: picked.length === 1 ? `${picked[0]!.name} was uploaded.` : `${picked.length} files were uploaded.`,
      });
    } catch (error) {
      // In words, naming the file (issue 30): the API's problem detail or uploadProblem's sentence.
      setProblem(message(error));
    } finally {
      setSending(null);
      void files.refetch();
    }
  };

  const open = (fileId: string, fileName: string) => openOrderFile(appointmentId, fileId, fileName);

  const confirmDelete = (fileId: string, fileName: string) =>
    modals.openConfirmModal({
      title: 'Delete file',
      closeButtonProps: { 'aria-label': 'Close' },
      children: <Text size="sm">Are you sure you wish to delete {fileName}?</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      // red.9: white text on it passes AA (Mantine's red.6 does not).
      confirmProps: { color: 'red.9' },
      onConfirm: () =>
        changes.remove.mutate(fileId, {
          onSuccess: (answer) => showToast({ title: 'File deleted', message: answer.message }),
          onError: (error) => showToast({ title: 'The file was not deleted', message: message(error), tone: 'error' }),
        }),
    });

  const toggle = (mutation: typeof changes.filesUploaded, value: boolean, what: string) =>
    mutation.mutate(value, {
      onSuccess: () => showToast({ title: 'Saved', message: `${what}: ${value ? 'on' : 'off'}.` }),
      onError: (error) => showToast({ title: `${what} was not changed`, message: message(error), tone: 'error' }),
    });

  return (
    <Card withBorder padding="lg" component="section" id={LINK_TARGETS.files} aria-labelledby="files-title">
      <Title order={2} id="files-title" mb="xs">
        Files
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Files may not be accessible via mobile.
      </Text>
      {/* The drop area takes dropped files; choosing is a real button (issue 30), one Tab stop. */}
      <Dropzone
        openRef={openPicker}
        onDrop={(picked) => void upload(picked)}
        multiple
        loading={sending !== null}
        activateOnClick={false}
        activateOnKeyboard={false}
        mb="md"
      >
        <Stack gap={4} align="center" py="md">
          <Button variant="default" onClick={() => openPicker.current?.()}>
            Choose files to upload
          </Button>
          <Text fw={700}>or drop them here</Text>
          <Text size="sm" c="dimmed" ta="center">
            {ALLOWED_TYPES_TEXT} files; up to {MAX_FILES_AT_ONCE} at a time{flags ? `, ${flags.maxFileMb} MB each` : ''}
          </Text>
        </Stack>
      </Dropzone>
      {sending ? (
        <Stack gap="xs" mb="md" aria-live="polite">
          {sending.map((entry) => (
            <div key={entry.name}>
              <Text size="sm">
                {entry.name}: {entry.percent}%
              </Text>
              <Progress value={entry.percent} aria-label={`${entry.name} uploaded`} />
            </div>
          ))}
        </Stack>
      ) : null}
      {problem ? (
        <Alert color="red" role="alert" mb="md">
          {problem}
        </Alert>
      ) : null}
      {/* Spec 02 §4: Verify Upload Status reads the list again and clears the last upload's result. */}
      <Button
        variant="subtle"
        size="compact-sm"
        mb="md"
        loading={files.isFetching}
        onClick={() => {
          setProblem(null);
          void files.refetch();
        }}
      >
        Verify Upload Status
      </Button>
      {flags ? (
        <Stack gap="xs" mb="md">
          <Switch
            label="All files have been uploaded"
            checked={flags.filesUploaded}
            disabled={changes.filesUploaded.isPending}
            onChange={(event) => toggle(changes.filesUploaded, event.currentTarget.checked, 'All files uploaded')}
          />
          {/* The second switch (spec 02 §5, uploads-approved) always shows; it waits for the agent upload, which the
              agent's first scan-back or an operator turns on (decision 008). */}
          {operator ? (
            <Switch
              label="Signing agent may upload"
              checked={flags.agentUploadEnabled}
              disabled={changes.agentUpload.isPending}
              onChange={(event) => toggle(changes.agentUpload, event.currentTarget.checked, 'Signing agent may upload')}
            />
          ) : null}
          <Switch
            label="Uploaded documents reviewed and approved for the signing agent"
            description={flags.agentUploadEnabled ? undefined : 'Available once the signing agent’s scan-backs are in.'}
            checked={flags.uploadsApproved}
            disabled={!flags.agentUploadEnabled || changes.uploadsApproved.isPending}
            onChange={(event) => toggle(changes.uploadsApproved, event.currentTarget.checked, 'Uploads approved')}
          />
        </Stack>
      ) : null}
      {files.isPending ? <Skeleton height={60} /> : null}
      {files.isError ? <Text c="red">{files.error.message}</Text> : null}
      {files.data && files.data.items.length === 0 ? <Text>No files yet.</Text> : null}
      <Stack gap="sm">
        {files.data?.items.map((file) => (
          <div key={file.fileId}>
            <Group gap="sm">
              <Anchor component="button" type="button" fw={700} onClick={() => void open(file.fileId, file.fileName)}>
                {file.fileName}
              </Anchor>
              {file.kind === 'receipt' ? (
                <Badge variant="light" color="gray">
                  {RECEIPT.label}
                </Badge>
              ) : null}
              {file.kind === 'invoice' || !filesDeletable || (file.kind === 'receipt' && !receiptDeletable(operator)) ? null : (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  onClick={() => confirmDelete(file.fileId, file.fileName)}
                  aria-label={`Delete ${file.fileName}`}
                >
                  Delete
                </Button>
              )}
            </Group>
            <List size="sm" spacing={2} mt={2}>
              {file.log.map((entry) => (
                <List.Item key={`${entry.action}-${entry.loggedTime}-${entry.user}`}>
                  {entry.text} — {entry.user}, {formatEventTime(entry.loggedTime)}
                </List.Item>
              ))}
            </List>
          </div>
        ))}
      </Stack>
    </Card>
  );
}
