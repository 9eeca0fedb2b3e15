import { everyone, operatorsOnly, type Fixture, type RowsFactory } from '../access-matrix';

/**
 * Matrix rows of the public-forms routes. The matrix sends every request from 127.0.0.1: the
 * nine callers of each form stay under the default FORM_RATE_LIMIT_PER_HOUR (10) only because
 * nothing else in the matrix posts these forms.
 */
export const publicFormsAccessRows: RowsFactory = () => {
  const body = (value: unknown) => async (): Promise<Fixture> => ({ params: {}, body: value });
  const person = { name: 'Jordan Lee', email: 'jordan.lee@example.com', phone: '(213) 555-0199' };
  return {
    'POST /contact-requests': {
      fixture: body({ ...person, subject: 'Coverage in Nevada', comments: 'Do you cover Reno?' }),
      expect: everyone(201),
    },
    'POST /contact-requests/landing': {
      fixture: body({ ...person, variant: 'notary', comments: 'A refinance package, two signers.', city: 'Reno', state: 'NV' }),
      expect: everyone(201),
    },
    'POST /escrow-registrations': {
      fixture: body({ email: 'new.officer@title.example', firstName: 'Sam', lastName: 'Ortiz', titleCompany: 'First Coast Title' }),
      expect: everyone(201),
    },
    'GET /auto-appraisals': { fixture: async () => ({ params: {} }), expect: operatorsOnly(200) },
    'POST /auto-appraisals': { fixture: body({ ...person, comments: '2019 Toyota Tacoma, total-loss dispute.' }), expect: everyone(201) },
    'POST /campaigns/:campaign/responses': {
      fixture: async () => ({ params: { campaign: 'affiliate' }, body: { action: 'enroll' } }),
      expect: everyone(201, { visitor: 401 }),
    },
    'POST /analytics/events': { fixture: body({ type: 'page_view', path: '/support' }), expect: everyone(202) },
    'GET /analytics/summary': { fixture: async () => ({ params: {} }), expect: operatorsOnly(200) },
  };
};
