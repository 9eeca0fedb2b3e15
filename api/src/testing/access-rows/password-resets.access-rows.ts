import { everyone, type RowsFactory } from '../access-matrix';

/**
 * Matrix rows of the password-reset request: public, the same answer for everyone. The nine
 * callers stay under the per-address limit (10 from 127.0.0.1) because nothing else in the
 * matrix posts this form.
 */
export const passwordResetsAccessRows: RowsFactory = () => ({
  'POST /password-resets': { fixture: async () => ({ params: {}, body: { email: 'no.account@example.com' } }), expect: everyone(202) },
});
