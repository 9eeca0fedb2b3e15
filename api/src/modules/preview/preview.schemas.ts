/**
 * Response schemas of the offer preview and comparison orders (spec 02 §2, §3). The preview
 * itself is the appointments module's `PreviewSchema`; the spec's legacy names of comparison
 * orders are given in each field's description.
 */
import { z } from '@hono/zod-openapi';

export const ComparisonOrderSchema = z
  .object({
    startsAt: z.number().int().openapi({ description: 'appt_numerical_time: epoch seconds' }),
    date: z.string().openapi({ description: 'appt_date: YYYY-MM-DD in the appointment’s own time zone', example: '2026-11-02' }),
    city: z.string().openapi({ description: 'appt_city' }),
    state: z.string().openapi({ description: 'appt_state' }),
    feeCents: z.number().int().openapi({ description: 'appt_offer: the accepted bid, or the offered fee' }),
  })
  .openapi('ComparisonOrder');

export const ComparisonGroupSchema = z
  .object({
    agent: z
      .object({ id: z.string(), name: z.string() })
      .nullable()
      .openapi({ description: 'notary, notary_name: operators always; an agent only on their own group' }),
    label: z.string().openapi({ description: "The agent's name, or 'Agent 1', 'Agent 2' … for other agents when an agent asks" }),
    count: z.number().int().openapi({ description: 'Completed orders of this agent in the area and period' }),
    averageFeeCents: z.number().int(),
    averageFee: z.string().openapi({ description: 'average_fee: dollars with 2 decimals', example: '162.50' }),
    orders: z.array(ComparisonOrderSchema).openapi({ description: 'The newest orders, at most 10' }),
  })
  .openapi('ComparisonGroup');

export const ComparisonOrdersSchema = z
  .object({
    groups: z.array(ComparisonGroupSchema).openapi({ description: 'By count, most first; at most 20' }),
    radiusMiles: z.number(),
    since: z.number().int().openapi({ description: 'Epoch seconds: orders starting at or after this time' }),
  })
  .openapi('ComparisonOrders');

export type ComparisonOrders = z.infer<typeof ComparisonOrdersSchema>;
