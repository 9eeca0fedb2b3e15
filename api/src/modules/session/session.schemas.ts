import { z } from '@hono/zod-openapi';
import { ROLES, USER_STATUSES } from '@signingdesk/domain/roles';

/** The signed-in user as GET /api/me answers it (docs/session-contract.md). */
export const MeSchema = z
  .object({
    id: z.string().uuid(),
    name: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    status: z.enum(USER_STATUSES),
    phone: z.string().nullable(),
    firm: z.object({ id: z.string().uuid(), name: z.string() }),
    portal: z.string().openapi({ description: 'Where this role lands after sign-in' }),
  })
  .openapi('Me');
export type Me = z.infer<typeof MeSchema>;
