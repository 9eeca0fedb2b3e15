/**
 * Types of the API's answers for the two front ends, inferred from the routes' zod schemas so
 * a change to a response is a type error in the console and the PWA. Type-only: nothing of
 * the server reaches a browser bundle.
 */
export type { Me } from './modules/session/session.schemas';
export type { AgentListItem } from './modules/agent-appointments/agent-appointments.schemas';
export type { ComparisonOrders } from './modules/preview/preview.schemas';
export type { Note, NoteThread } from './modules/notes/notes.schemas';
export type { Firm } from './modules/firms/firms.schemas';
export type { CreatedUser, Profile } from './modules/users/users.schemas';
export type { AgentDetail, AgentProfile, AgentSearchRow } from './modules/agents/agents.schemas';
export type { FeedbackItem, FeedbackPage } from './modules/feedback/feedback.schemas';
export type { AnalyticsSummary, CampaignResult, FormReceipt } from './modules/public-forms/public-forms.schemas';
export type { DownloadLink, FileFlags, FileList, Invoice, UploadGrant } from './modules/files/files.schemas';
export type { OfferResult, TransitionResult } from './modules/workflow/workflow.schemas';
export type { AgentAppointmentView, OfferPreviewView, AppointmentView } from './modules/appointments/appointments.schemas';
export type { AgentProfileUpdated, RegistrationResult } from './modules/agents/agents.schemas';
export type { PushSubscriptionSaved } from './modules/notifications/notifications.schemas';
export type { PasswordResetAnswer } from './modules/password-resets/password-resets.schemas';
