/**
 * The escrow officer's rating of a completed signing (issue 31, decision 064): once per order,
 * 1–5 stars, optional tags and an optional comment. The API reads the request with this schema
 * (registered as EscrowRatingInput) and the console's "Rate this signing" card uses the same
 * tags, labels and limit. Ratings are private to operators (and the officer's own firm sees
 * its own); the agent never sees one, only the average on their record.
 */
import { z } from 'zod';
import { withoutFormatCharacters } from './text';

export const RATING_TAGS = ['on_time', 'late', 'package_errors', 'professional', 'scan_backs_late'] as const;
export type RatingTag = (typeof RATING_TAGS)[number];

export const RATING_TAG_LABELS: Record<RatingTag, string> = {
  on_time: 'On time',
  late: 'Late',
  package_errors: 'Package errors',
  professional: 'Professional',
  scan_backs_late: 'Scan-backs late',
};

/** The comment's limit, counted as the operators' message box counts (string length). */
export const RATING_COMMENT_MAX = 500;

export const RATING_ALREADY_GIVEN = 'This signing has already been rated. A rating is given once and cannot be changed.';
export const RATING_NOT_COMPLETED = 'A signing can be rated once it is completed.';

/** "You rated this signing 4/5", on the order page once rated. */
export function ratedText(stars: number): string {
  return `You rated this signing ${stars}/5`;
}

// The card's own words (Stars, Tags, Comment), as sentences: the 400 names the field as labelled.
const STARS_MESSAGE = 'Stars: choose from 1 to 5 stars.';
const TAGS_MESSAGE = `Tags: choose among ${RATING_TAGS.map((t) => RATING_TAG_LABELS[t]).join(', ')}, each once.`;
const COMMENT_MESSAGE = `Comment: at most ${RATING_COMMENT_MAX} characters.`;

export const EscrowRatingSchema = z
  .object({
    stars: z
      .number({ error: STARS_MESSAGE })
      .int(STARS_MESSAGE)
      .min(1, STARS_MESSAGE)
      .max(5, STARS_MESSAGE)
      .meta({ description: '1 (poor) to 5 (excellent)' }),
    tags: z
      .array(z.enum(RATING_TAGS, { message: TAGS_MESSAGE }), { error: TAGS_MESSAGE })
      .max(RATING_TAGS.length, TAGS_MESSAGE)
      .refine((tags) => new Set(tags).size === tags.length, TAGS_MESSAGE)
      .default([])
      .meta({ description: 'Optional: what stood out' }),
    comment: z
      .string({ error: COMMENT_MESSAGE })
      .overwrite(withoutFormatCharacters)
      .trim()
      .max(RATING_COMMENT_MAX, COMMENT_MESSAGE)
      .optional()
      .meta({ description: `Optional; trimmed, at most ${RATING_COMMENT_MAX} characters` }),
  })
  .strict();
export type EscrowRatingInput = z.infer<typeof EscrowRatingSchema>;
