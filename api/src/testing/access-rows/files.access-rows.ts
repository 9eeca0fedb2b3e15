import { schema } from '@signingdesk/db';
import { eq } from 'drizzle-orm';
import { post } from '../fixtures';
import { everyone, operatorsOnly, seesAppointment, type Caller, type Expected, type Fixture, type RowsFactory } from '../access-matrix';
import { grant, pdfBytes, TUS, uploadFile } from '../../modules/files/files.testing';

/** Matrix rows of the files routes. */
export const filesAccessRows: RowsFactory = ({ t, s, fixtures }) => {
  const escrowSide = (ok: number): Expected =>
    everyone(403, { visitor: 401, escrowA: ok, escrowB: 404, orgAdmin: ok, subAdmin: ok, admin: ok });
  /** tus requests: the caller's own grant where the caller may upload, escrow A's otherwise. */
  const ownUpload = (ok: number): Expected => ({ ...seesAppointment(ok), otherAgent: 404, escrowB: 404 });
  const UPLOADERS: readonly Caller[] = ['agent', 'escrowA', 'orgAdmin', 'subAdmin', 'admin'];
  const uploaderCookie = (caller: Caller) => s[(UPLOADERS.includes(caller) ? caller : 'escrowA') as keyof typeof s];

  const withFile = async (): Promise<Fixture> => {
    const { params } = await fixtures.scheduled();
    const { fileId } = await uploadFile(t, s.escrowA, params.id!, pdfBytes(1000));
    return { params: { ...params, fileId } };
  };
  const withGrant = async (caller: Caller, size = 1000) => {
    const { params } = await fixtures.scheduled();
    const granted = await grant(t, uploaderCookie(caller), params.id!, [{ fileName: 'Scan.pdf', size, contentType: 'application/pdf' }]);
    return { id: params.id!, fileId: granted.body.items[0].fileId as string };
  };

  return {
    'GET /appointments/:id/files': { fixture: fixtures.scheduled, expect: seesAppointment(200) },
    'POST /appointments/:id/files/uploads': {
      fixture: async () => ({
        ...(await fixtures.scheduled()),
        body: { files: [{ fileName: 'Scan.pdf', size: 1000, contentType: 'application/pdf' }] },
      }),
      expect: seesAppointment(201),
    },
    'POST /appointments/:id/files/:fileId/confirm': { fixture: withFile, expect: seesAppointment(200) },
    'POST /appointments/:id/files/:fileId/download': { fixture: withFile, expect: seesAppointment(200) },
    'GET /files/download/:token': {
      fixture: async () => {
        const { params } = await withFile();
        const link = await post(t, `/api/appointments/${params.id}/files/${params.fileId}/download`, s.escrowA);
        return { params: { token: String(link.body.url).split('/').pop()! } };
      },
      // The link is escrow A's: it works for nobody else, whatever else they may see. A pending
      // agent too gets 404: any signed-in holder may use their own link (their credential documents).
      expect: everyone(404, { visitor: 401, escrowA: 200 }),
    },
    'DELETE /appointments/:id/files/:fileId': { fixture: withFile, expect: escrowSide(200) },
    'PUT /appointments/:id/files-uploaded': {
      fixture: async () => ({ ...(await withFile()), body: { value: true } }),
      expect: escrowSide(200),
    },
    'PUT /appointments/:id/uploads-approved': {
      fixture: async () => {
        const fixture = await fixtures.scheduled();
        await t.database.db
          .update(schema.appointments)
          .set({ agentUploadEnabled: true })
          .where(eq(schema.appointments.id, fixture.params.id!));
        return { ...fixture, body: { value: true } };
      },
      expect: escrowSide(200),
    },
    'PUT /appointments/:id/agent-upload': {
      fixture: async () => ({ ...(await fixtures.scheduled()), body: { value: true } }),
      expect: operatorsOnly(200),
    },
    'POST /appointments/:id/invoice': { fixture: fixtures.completed, expect: operatorsOnly(201) },
    'GET /appointments/:id/invoice': {
      fixture: async () => {
        const fixture = await fixtures.completed();
        await post(t, `/api/appointments/${fixture.params.id}/invoice`, s.admin);
        return fixture;
      },
      expect: escrowSide(200),
    },
    'POST /uploads': {
      fixture: async (caller) => {
        const { fileId } = await withGrant(caller);
        return {
          params: {},
          headers: { ...TUS, 'Upload-Length': '1000', 'Upload-Metadata': `fileId ${Buffer.from(fileId).toString('base64')}` },
        };
      },
      expect: ownUpload(201),
    },
    'PATCH /uploads/:fileId': {
      fixture: async (caller) => {
        const { fileId } = await withGrant(caller);
        return {
          params: { fileId },
          headers: { ...TUS, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
          rawBody: pdfBytes(1000),
        };
      },
      expect: ownUpload(204),
    },
    'GET /uploads/:fileId': {
      fixture: async (caller) => ({ params: { fileId: (await withGrant(caller)).fileId }, headers: TUS }),
      expect: ownUpload(200),
    },
    'DELETE /uploads/:fileId': {
      fixture: async (caller) => ({ params: { fileId: (await withGrant(caller)).fileId }, headers: TUS }),
      expect: ownUpload(204),
    },
  };
};
