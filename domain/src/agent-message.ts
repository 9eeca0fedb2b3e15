/**
 * An operator's message to a signing agent from List Signing Agents (spec 02 §2, §5, §9): a text
 * message of at most 320 characters, or an email of at most 140. The API reads the request with
 * this schema (api/src/modules/agents, registered as AgentMessage) and the console's message
 * dialog counts and checks with the same limits.
 */
import { z } from 'zod';

export const AGENT_MESSAGE_CHANNELS = ['sms', 'email'] as const;
export type AgentMessageChannel = (typeof AGENT_MESSAGE_CHANNELS)[number];

export const AGENT_MESSAGE_MAX: Record<AgentMessageChannel, number> = { sms: 320, email: 140 };

export const AgentMessageSchema = z
  .object({
    channel: z
      .enum(AGENT_MESSAGE_CHANNELS, { message: "must be 'sms' or 'email'" })
      .meta({ description: 'sms: to the agent’s mobile phone; email: to their address' }),
    message: z
      .string({ error: (issue) => (issue.input == null ? 'is required' : 'must be text') })
      .trim()
      .min(1, 'is required')
      .meta({ description: `Trimmed; at most ${AGENT_MESSAGE_MAX.sms} characters by text message, ${AGENT_MESSAGE_MAX.email} by email` }),
  })
  .strict()
  .superRefine((input, ctx) => {
    const max = AGENT_MESSAGE_MAX[input.channel];
    if (input.message.length > max) {
      ctx.addIssue({
        code: 'custom',
        path: ['message'],
        message: `must be at most ${max} characters ${input.channel === 'sms' ? 'in a text message' : 'in an email'}`,
      });
    }
  });
export type AgentMessageInput = z.infer<typeof AgentMessageSchema>;
