/**
 * The console's own words about firm webhooks (issue 34). The rules' texts — event labels, the
 * Endpoint URL's messages — come from domain/webhooks.ts and domain/webhook-url.ts, as the API
 * says them.
 */
export const WEBHOOK_TEXTS = {
  purpose:
    'SigningDesk tells your title software when an order changes: it POSTs each event to your endpoint, signed so you can check it came from us.',
  operatorPurpose:
    'SigningDesk tells firms’ title software when an order changes: it POSTs each event to the endpoints each firm’s org admin adds, signed so they can check it came from us.',
  empty: 'No webhook endpoints yet.',
  urlDescription: 'HTTPS, e.g. https://hooks.yourcompany.com/signingdesk',
  descriptionDescription: 'Optional: what receives the events, e.g. Qualia production',
  secretLabel: 'Signing secret',
  secretExplanation: 'Use it to verify the webhook-signature header with any Standard Webhooks library.',
  secretLater: 'You can show it again later with Show secret in the endpoints table.',
  removeQuestion: (url: string) => `Remove ${url}? Its delivery log goes with it.`,
  logEmpty: 'No deliveries yet. Send a test event to try the endpoint.',
  logTurnedOff: 'This endpoint is turned off: turn it on to send it a test event or resend an event.',
  logLimit: 'The last 100 deliveries, newest first. Open a row’s attempts to read what your endpoint answered.',
  noAttempts: 'Not tried yet.',
  /** The API's statusText of an endpoint a person turned off (webhooks.service.ts); any other turned-off text says why it failed. */
  turnedOffByPerson: 'Turned off',
} as const;
