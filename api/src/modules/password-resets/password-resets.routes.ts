import { createRoute } from '@hono/zod-openapi';
import type { AppDeps } from '../../lib/context';
import { createRouter, problemResponses, rolesDoc, type Router } from '../../lib/openapi';
import { acceptIdempotencyKey, VISITOR_KEY_NOTE } from '../../middleware/idempotent';
import { takeAllowance } from '../public-forms/allowance';
import {
  PASSWORD_RESET_ANSWER,
  PASSWORD_RESET_EMAIL_INTERVAL_MINUTES,
  PASSWORD_RESET_TTL_MINUTES,
  PasswordResetAnswerSchema,
  PasswordResetRequestSchema,
} from './password-resets.schemas';
import { requestPasswordReset } from './password-resets.service';

const json = <T>(schema: T) => ({ content: { 'application/json': { schema } } });

export function passwordResetsRoutes(deps: AppDeps): Router {
  const perHour = deps.env.FORM_RATE_LIMIT_PER_HOUR;

  const requestRoute = createRoute({
    operationId: 'requestPasswordReset',
    method: 'post',
    path: '/password-resets',
    tags: ['Session'],
    summary: 'Forgot password: email a link to choose a new password',
    ...rolesDoc(
      'public',
      `Always answers 202 with '${PASSWORD_RESET_ANSWER}', whether or not the email has an account. ` +
        `For an account that is not disabled, queues the email 'Reset your SigningDesk password' with a link to /reset-password?token=… (/notary/reset-password?token=… for a signing agent, in the agent app) ` +
        `(redeemed by POST /api/auth/reset-password) that works for ${PASSWORD_RESET_TTL_MINUTES} minutes; ` +
        `at most one such email per account every ${PASSWORD_RESET_EMAIL_INTERVAL_MINUTES} minutes. ` +
        `At most ${perHour} requests per hour from one address; more answer 429 RATE_LIMITED with Retry-After (seconds). ${VISITOR_KEY_NOTE}`,
    ),
    middleware: [acceptIdempotencyKey()] as const,
    request: { body: { ...json(PasswordResetRequestSchema), required: true } },
    responses: {
      202: { description: 'Accepted; `message` is the text to show', ...json(PasswordResetAnswerSchema) },
      ...problemResponses(400, 422, 429),
    },
  });

  return createRouter().openapi(requestRoute, async (c) => {
    const input = c.req.valid('json');
    await takeAllowance(c, 'password-reset', perHour, 'reset requests');
    return c.json(await requestPasswordReset(c.var.db, input, { origin: deps.env.PUBLIC_ORIGIN }), 202);
  });
}
