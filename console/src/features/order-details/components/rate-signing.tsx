import { Button, Card, Chip, Group, Rating, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { RATING_COMMENT_MAX, RATING_TAG_LABELS, RATING_TAGS, ratedText, type RatingTag } from '@signingdesk/domain/escrow-rating';
import { useState } from 'react';
import { useOrderRating, useRateSigning } from '../api/order-rating';

const starsLabel = (n: number) => `${n} ${n === 1 ? 'star' : 'stars'}`;

/**
 * "Rate this signing" on the escrow order page of a completed signing (issue 31): 1–5 stars,
 * optional tags and a comment, given once; afterwards "You rated this signing 4/5". Only the
 * order's firm and operators see the rating; the agent sees an average on their record.
 */
export function RateSigning({ appointmentId }: { appointmentId: string }) {
  const stored = useOrderRating(appointmentId);
  const rate = useRateSigning(appointmentId);
  const [stars, setStars] = useState(0);
  const [tags, setTags] = useState<RatingTag[]>([]);
  const [comment, setComment] = useState('');
  const rating = stored.data?.rating;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="rating-title">
      <Title order={2} id="rating-title" mb="sm">
        {rating ? 'Your rating' : 'Rate this signing'}
      </Title>
      {stored.isPending ? <Skeleton height={60} /> : null}
      {rating ? (
        <Stack gap={4}>
          <Text fw={700}>{ratedText(rating.stars)}</Text>
          {rating.tags.length ? <Text size="sm">{rating.tags.map((t) => RATING_TAG_LABELS[t]).join(' · ')}</Text> : null}
          {rating.comment ? (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {rating.comment}
            </Text>
          ) : null}
          <Text size="xs" c="dimmed">
            Seen by your firm and SigningDesk only; it counts toward the agent’s score.
          </Text>
        </Stack>
      ) : stored.data ? (
        <Stack gap="sm">
          <Text size="sm">How did the signing agent do? You can rate a signing once; the agent does not see your rating.</Text>
          <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
            <Text component="legend" fw={500} size="sm" mb={4}>
              Stars
            </Text>
            <Rating value={stars} onChange={setStars} size="lg" getSymbolLabel={starsLabel} name="stars" />
          </fieldset>
          <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
            <Text component="legend" fw={500} size="sm" mb={4}>
              Tags (optional)
            </Text>
            <Chip.Group multiple value={tags} onChange={(v) => setTags(v as RatingTag[])}>
              <Group gap="xs">
                {RATING_TAGS.map((tag) => (
                  <Chip key={tag} value={tag} size="sm">
                    {RATING_TAG_LABELS[tag]}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </fieldset>
          {/* Counted against the API's limit, like the message box. */}
          <Textarea
            label="Comment (optional)"
            description={`${comment.length} / ${RATING_COMMENT_MAX} characters`}
            maxLength={RATING_COMMENT_MAX}
            autosize
            minRows={2}
            value={comment}
            onChange={(e) => setComment(e.currentTarget.value)}
          />
          {rate.error ? (
            <Text c="red" size="sm" role="alert">
              {rate.error.message}
            </Text>
          ) : null}
          <Group>
            <Button
              disabled={stars === 0}
              loading={rate.isPending}
              onClick={() => rate.mutate({ stars, tags, ...(comment.trim() ? { comment } : {}) })}
            >
              Send rating
            </Button>
            {stars === 0 ? (
              <Text size="sm" c="dimmed">
                Choose from 1 to 5 stars.
              </Text>
            ) : null}
          </Group>
        </Stack>
      ) : null}
    </Card>
  );
}
