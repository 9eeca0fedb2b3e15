/**
 * Shapes of the API answers the agent app reads, named once: the types generated from the
 * API's OpenAPI document (domain/src/api-contract.ts), so a change on the server is a type
 * error here.
 */
import type { paths } from '@signingdesk/domain/api-contract';
import type { Schemas } from '../lib/api-client';

export { AGENT_TABS, type AgentTab } from '@signingdesk/domain/agent-tabs';

export type AgentAppointment = Schemas['AgentListItem'];
export type Me = Schemas['Me'];
export type AppointmentView = paths['/appointments/{id}']['get']['responses'][200]['content']['application/json'];
export type AgentAppointmentView = Schemas['AgentAppointment'];
export type AgentRecordView = Schemas['AgentRecord'];
export type OfferPreviewView = Schemas['OfferPreview'];
export type SigningTermsView = Schemas['SigningTerms'];
export type AgentProfile = Schemas['AgentProfile'];
export type FileList = Schemas['FileList'];
export type Note = Schemas['Note'];
export type NoteThread = Schemas['NoteThread'];
export type DownloadLink = Schemas['DownloadLink'];
export type RegistrationResult = Schemas['RegistrationResult'];
export type PasswordResetAnswer = Schemas['PasswordResetAnswer'];
export type ComparisonOrders = Schemas['ComparisonOrders'];
export type ProfileBody = Schemas['UpdateAgentProfile'];
export type RegistrationBody = Schemas['RegisterAgent'];
