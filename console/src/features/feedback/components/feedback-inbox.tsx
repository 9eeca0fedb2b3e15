import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  CloseButton,
  Group,
  List,
  NativeSelect,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import type { Schemas } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { FEEDBACK_PAGE_SIZE, MAX_REPLY_LENGTH, useFeedback, useMarkRead, useReply } from '../api/feedback';
import 'mantine-datatable/styles.css';
import { pageRangeText } from '../../../lib/counted';
import { formatEventTime } from '../../../lib/format-date-time';

type Item = Schemas['FeedbackItem'];

const KIND_LABELS: Record<Item['kind'], string> = {
  contact: 'Contact Us',
  landing_notary: 'Notary Request Form',
  landing_title: 'Title company consultation',
};

/** One request in full, its replies, and the reply box (email, or a text message when a phone was given). */
function FeedbackDetail({ item, onClose }: { item: Item; onClose: () => void }) {
  const reply = useReply(item.id);
  const [channel, setChannel] = useState<'email' | 'sms'>('email');
  const [message, setMessage] = useState('');
  // The replies sent from this card: the message stays open with them, even once it has left
  // the unread list (answered is read), so the operator sees what went out (issue 30).
  const [sent, setSent] = useState<Item['replies']>([]);
  const send = () =>
    reply.mutate(
      { channel, message },
      {
        onSuccess: (result) => {
          setMessage('');
          setSent((before) => [...before, result.reply]);
        },
      },
    );
  const replies = [...item.replies, ...sent.filter((r) => !item.replies.some((known) => known.sentAt === r.sentAt))];
  const channels = [
    { value: 'email', label: `Email (${item.email})` },
    ...(item.phone ? [{ value: 'sms', label: `Text message (${item.phone})` }] : []),
  ];
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="feedback-detail-title">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} id="feedback-detail-title">
          {item.subject ?? KIND_LABELS[item.kind]}
        </Title>
        <CloseButton aria-label="Close the message" onClick={onClose} />
      </Group>
      <List spacing={4} mb="md">
        <List.Item>From: {item.name}</List.Item>
        <List.Item>
          Email: <Anchor href={`mailto:${item.email}`}>{item.email}</Anchor>
        </List.Item>
        {item.phone ? <List.Item>Phone: {item.phone}</List.Item> : null}
        {item.city || item.state ? <List.Item>Location: {[item.city, item.state].filter(Boolean).join(', ')}</List.Item> : null}
        <List.Item>Form: {KIND_LABELS[item.kind]}</List.Item>
        <List.Item>Received: {formatEventTime(item.createdAt)}</List.Item>
      </List>
      <Text style={{ whiteSpace: 'pre-wrap' }} mb="md">
        {item.comments}
      </Text>
      {replies.length > 0 ? (
        <Stack gap="xs" mb="md">
          <Title order={3}>Replies</Title>
          {replies.map((r) => (
            <Card key={r.sentAt} withBorder padding="sm">
              <Text size="sm" fw={700}>
                {r.sentBy} · {r.channel === 'sms' ? 'Text message' : 'Email'} · {formatEventTime(r.sentAt)}
              </Text>
              <Text size="sm">{r.message}</Text>
            </Card>
          ))}
        </Stack>
      ) : null}
      <Stack gap="sm">
        <NativeSelect
          label="Reply by"
          data={channels}
          value={channel}
          onChange={(e) => setChannel(e.currentTarget.value as 'email' | 'sms')}
          maw={420}
        />
        <Textarea
          label="Reply"
          autosize
          minRows={3}
          maxLength={MAX_REPLY_LENGTH}
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
          description={`${message.length} / ${MAX_REPLY_LENGTH} characters`}
        />
        {/* One card per result, in the message it answers: no toast over the header's Log Out. */}
        {reply.isSuccess ? (
          <Alert color="green" role="status" title="Reply sent">
            {reply.data.message}
          </Alert>
        ) : null}
        {reply.isError ? (
          <Alert color="red" role="alert" title="The reply was not sent">
            {reply.error.message}
          </Alert>
        ) : null}
        <div>
          <Button onClick={send} loading={reply.isPending} disabled={message.trim() === ''}>
            Send Reply
          </Button>
        </div>
      </Stack>
    </Card>
  );
}

/**
 * Feedback (spec 02 §2, admin only): the contact and landing-page requests, unread first-class:
 * 'Toggle Read Messages' shows the read ones too, Mark Selected as Read marks the checked ones,
 * a name opens the request with its replies and the reply box (at most 320 characters, by
 * email or text message — queued in the outbox, the request marked read in the same write).
 */
export function FeedbackInbox() {
  const [includeRead, setIncludeRead] = useState(false);
  const [page, setPage] = useState(1);
  const list = useFeedback(includeRead, page);
  const markRead = useMarkRead();
  const [selected, setSelected] = useState<Item[]>([]);
  // The opened message as it was when opened: a live update that takes it off this page (another
  // operator marked it read, newer ones pushed it on) must not close it with a reply half typed.
  const [opened, setOpened] = useState<Item | null>(null);
  const items = list.data?.items ?? [];
  const open = opened ? (items.find((item) => item.id === opened.id) ?? opened) : null;

  const mark = () =>
    markRead.mutate(
      selected.map((item) => item.id),
      {
        onSuccess: (result) => {
          setSelected([]);
          showToast({ title: 'Marked as read', message: result.message });
        },
      },
    );

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Checkbox
          label="Toggle Read Messages"
          checked={includeRead}
          onChange={(e) => {
            setIncludeRead(e.currentTarget.checked);
            setPage(1);
            setSelected([]);
          }}
        />
        <Group gap="sm">
          {list.data ? <Text size="sm">{list.data.unreadCount} unread</Text> : null}
          <Button onClick={mark} disabled={selected.length === 0} loading={markRead.isPending}>
            Mark Selected as Read
          </Button>
        </Group>
      </Group>
      {list.isError ? (
        <Alert color="red" role="alert">
          {list.error.message}
        </Alert>
      ) : null}
      <DataTable<Item>
        aria-label="Feedback"
        withTableBorder
        striped
        minHeight={items.length ? undefined : 160}
        fetching={list.isFetching}
        records={items}
        idAccessor="id"
        selectedRecords={selected}
        onSelectedRecordsChange={setSelected}
        isRecordSelectable={(item) => !item.read}
        allRecordsSelectionCheckboxProps={{ 'aria-label': 'Select every unread message on this page' }}
        getRecordSelectionCheckboxProps={(item) => ({ 'aria-label': `Select the message from ${item.name}` })}
        totalRecords={list.data?.total ?? 0}
        recordsPerPage={FEEDBACK_PAGE_SIZE}
        page={page}
        onPageChange={setPage}
        paginationText={({ from, to, totalRecords }) => pageRangeText(from, to, totalRecords, false)}
        // An error says so above; the empty-state text would contradict it.
        emptyState={list.isError ? <span /> : undefined}
        noRecordsText={includeRead ? 'No messages yet.' : 'No unread messages.'}
        columns={[
          {
            accessor: 'name',
            title: 'From',
            render: (item) => (
              <Anchor component="button" type="button" fz="sm" fw={item.read ? 400 : 700} onClick={() => setOpened(item)}>
                {item.name}
              </Anchor>
            ),
          },
          { accessor: 'email', title: 'Email' },
          { accessor: 'subject', title: 'Subject', render: (item) => item.subject ?? KIND_LABELS[item.kind] },
          { accessor: 'createdAt', title: 'Received', render: (item) => formatEventTime(item.createdAt) },
          {
            accessor: 'read',
            title: 'Status',
            render: (item) =>
              item.read ? (
                'Read'
              ) : (
                <Badge variant="light" color="brand">
                  Unread
                </Badge>
              ),
          },
        ]}
      />
      {open ? <FeedbackDetail key={open.id} item={open} onClose={() => setOpened(null)} /> : null}
    </Stack>
  );
}
