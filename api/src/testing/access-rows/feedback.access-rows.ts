import { schema } from '@signingdesk/db';
import { adminOnly, type Fixture, type RowsFactory } from '../access-matrix';

/** Matrix rows of the feedback routes (admin only, spec 02 §6). */
export const feedbackAccessRows: RowsFactory = ({ t }) => {
  const contactRequest = async () => {
    const [row] = await t.database.db
      .insert(schema.contactRequests)
      .values({
        name: 'Jordan Lee',
        email: 'jordan.lee@example.com',
        phone: '2135550199',
        subject: 'Coverage',
        comments: 'Do you cover Reno?',
      })
      .returning({ id: schema.contactRequests.id });
    return row!.id;
  };
  return {
    'GET /feedback': { fixture: async () => ({ params: {} }), expect: adminOnly(200) },
    'POST /feedback/read': {
      fixture: async (): Promise<Fixture> => ({ params: {}, body: { ids: [await contactRequest()] } }),
      expect: adminOnly(200),
    },
    'POST /feedback/:id/replies': {
      fixture: async (): Promise<Fixture> => ({
        params: { id: await contactRequest() },
        body: { channel: 'email', message: 'Yes, we cover Reno.' },
      }),
      expect: adminOnly(201),
    },
  };
};
