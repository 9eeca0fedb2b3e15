import { WEBHOOK_URL_MESSAGES } from '@signingdesk/domain/webhook-url';
import { WEBHOOK_EVENT_TYPES } from '@signingdesk/domain/webhooks';
import { describe, expect, it } from 'vitest';
import {
  NEW_WEBHOOK_ENDPOINT,
  WEBHOOK_FORM_MESSAGES,
  webhookEndpointBody,
  webhookEndpointFormErrors,
  webhookEndpointRefusal,
} from './webhook-endpoint-form';

const URL_OK = 'https://hooks.example-title.com/signingdesk';

describe('the Add endpoint form’s own checks (the API’s rules and words)', () => {
  it('starts with no URL, no description and the four events a title system usually acts on, which asks for the URL only', () => {
    expect(NEW_WEBHOOK_ENDPOINT).toEqual({
      url: '',
      description: '',
      eventTypes: ['order.created', 'order.agent_assigned', 'order.completed', 'order.canceled'],
    });
    expect(webhookEndpointFormErrors(NEW_WEBHOOK_ENDPOINT)).toEqual({ url: WEBHOOK_FORM_MESSAGES.urlRequired });
    expect(WEBHOOK_FORM_MESSAGES.urlRequired).toBe('Endpoint URL is required, e.g. https://example.com/webhooks.');
  });

  it('asks for at least one event, naming them as the API does', () => {
    expect(webhookEndpointFormErrors({ url: URL_OK, description: '', eventTypes: [] })).toEqual({
      eventTypes: WEBHOOK_FORM_MESSAGES.eventsRequired,
    });
    expect(WEBHOOK_FORM_MESSAGES.eventsRequired).toBe(`Choose at least one event: ${WEBHOOK_EVENT_TYPES.join(', ')}.`);
  });

  it('takes a description of at most 100 characters once trimmed, invisible format characters not counted', () => {
    const values = { url: URL_OK, eventTypes: ['order.created' as const] };
    expect(webhookEndpointFormErrors({ ...values, description: ` ${'Q'.repeat(100)}\u200b ` })).toEqual({});
    expect(webhookEndpointFormErrors({ ...values, description: 'Q'.repeat(101) })).toEqual({
      description: 'Description must be at most 100 characters.',
    });
  });

  it('refuses a URL that no server setting would take, in the API’s words', () => {
    const check = (url: string) => webhookEndpointFormErrors({ url, description: '', eventTypes: ['order.created'] }).url;
    expect(check('hooks.example.com/signingdesk')).toBe(WEBHOOK_URL_MESSAGES.notAUrl);
    expect(check('https://hooks.example.com/signingdesk#top')).toBe(WEBHOOK_URL_MESSAGES.fragment);
    expect(check('https://user:secret@hooks.example.com/')).toBe(WEBHOOK_URL_MESSAGES.credentials);
    expect(check(URL_OK)).toBeUndefined();
  });

  it('leaves http:// and local addresses to the server, whose answer depends on where it runs', () => {
    const check = (url: string) => webhookEndpointFormErrors({ url, description: '', eventTypes: ['order.created'] }).url;
    expect(check('http://hooks.example.com/')).toBeUndefined();
    expect(check('http://localhost:4000/hook')).toBeUndefined();
  });

  it('sends the URL and description trimmed, no description when none was typed, and the events in the list’s order', () => {
    expect(webhookEndpointBody({ url: `  ${URL_OK} `, description: ' ', eventTypes: ['order.completed', 'order.created'] })).toEqual({
      url: URL_OK,
      eventTypes: ['order.created', 'order.completed'],
    });
    expect(webhookEndpointBody({ url: URL_OK, description: ' Qualia\u200b production ', eventTypes: ['order.created'] })).toEqual({
      url: URL_OK,
      eventTypes: ['order.created'],
      description: 'Qualia production',
    });
  });
});

describe('where a refusal of Add endpoint is shown', () => {
  it('puts the server’s field errors under Endpoint URL and the events, without repeating them above the button', () => {
    expect(
      webhookEndpointRefusal({
        message: WEBHOOK_URL_MESSAGES.privateAddress,
        fields: [
          { field: 'url', message: WEBHOOK_URL_MESSAGES.privateAddress },
          { field: 'eventTypes.0', message: WEBHOOK_FORM_MESSAGES.eventsRequired },
        ],
      }),
    ).toEqual({
      fieldErrors: { url: WEBHOOK_URL_MESSAGES.privateAddress, eventTypes: WEBHOOK_FORM_MESSAGES.eventsRequired },
      message: null,
    });
  });

  it('shows the firm’s eleventh endpoint refusal (409, no field) as the form’s message', () => {
    const tooMany = 'Your firm has 10 webhook endpoints, the most we allow. Remove one you no longer use first.';
    expect(webhookEndpointRefusal({ message: tooMany, fields: [] })).toEqual({ fieldErrors: {}, message: tooMany });
  });
});
