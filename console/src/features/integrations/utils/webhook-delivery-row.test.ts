import { describe, expect, it } from 'vitest';
import { isBeingSent, webhookAttemptRow, webhookDeliveryRow, type WebhookDelivery } from './webhook-delivery-row';

const ZONE = 'America/Los_Angeles';

const deliveryOf = (more: Partial<WebhookDelivery>): WebhookDelivery => ({
  id: 'delivery-1',
  eventId: 'msg_2ZkQx7hPq3mV9sT4wY6bN1cR8d',
  eventType: 'order.completed',
  endpointId: 'endpoint-1',
  appointmentId: 'appointment-1',
  createdAt: '2030-01-02T18:04:00.000Z',
  state: 'succeeded',
  attempts: 1,
  nextAttemptAt: null,
  lastStatus: 200,
  lastError: null,
  log: [],
  ...more,
});

describe('a delivery as the log reads it', () => {
  it('says Delivered with the answer’s status', () => {
    expect(webhookDeliveryRow(deliveryOf({}), ZONE)).toEqual({
      time: '01/02/2030, 10:04 AM PST',
      eventLabel: 'The signing was completed',
      statusText: 'Delivered',
      statusDetail: 'HTTP 200',
      statusTone: 'normal',
    });
  });

  it('says Sending for a first attempt or a resend, then Retrying with the next attempt’s time and the last answer', () => {
    expect(
      webhookDeliveryRow(deliveryOf({ state: 'pending', attempts: 0, nextAttemptAt: '2030-01-02T18:04:00.000Z', lastStatus: null }), ZONE),
    ).toMatchObject({ statusText: 'Sending', statusDetail: null });
    expect(webhookDeliveryRow(deliveryOf({ state: 'pending', attempts: 3, nextAttemptAt: null, lastStatus: 500 }), ZONE)).toMatchObject({
      statusText: 'Sending',
      statusDetail: 'Last attempt: HTTP 500',
    });
    expect(
      webhookDeliveryRow(
        deliveryOf({
          state: 'pending',
          attempts: 2,
          nextAttemptAt: '2030-01-02T18:39:00.000Z',
          lastStatus: null,
          lastError: 'Timed out after 10 s',
        }),
        ZONE,
      ),
    ).toMatchObject({
      statusText: 'Retrying — next attempt at 01/02/2030, 10:39 AM PST',
      statusDetail: 'Last attempt: Timed out after 10 s',
    });
  });

  it('says Failed in the error tone, with the status code or, when none came, what went wrong', () => {
    expect(webhookDeliveryRow(deliveryOf({ state: 'failed', attempts: 10, lastStatus: 503 }), ZONE)).toMatchObject({
      statusText: 'Failed',
      statusDetail: 'HTTP 503',
      statusTone: 'error',
    });
    const refused = 'The endpoint was disabled after failing for 3 days.';
    expect(webhookDeliveryRow(deliveryOf({ state: 'failed', lastStatus: null, lastError: refused }), ZONE).statusDetail).toBe(refused);
  });

  it('names a test event and an event type it does not know', () => {
    expect(webhookDeliveryRow(deliveryOf({ eventType: 'webhook.test' })).eventLabel).toBe('A test event sent from the console');
    expect(webhookDeliveryRow(deliveryOf({ eventType: 'order.teleported' })).eventLabel).toBe('order.teleported');
  });

  it('is being sent (the log reads itself again) only while an attempt is due within the minute', () => {
    const now = Date.parse('2030-01-02T18:05:00.000Z');
    expect(isBeingSent(deliveryOf({}), now)).toBe(false);
    expect(isBeingSent(deliveryOf({ state: 'pending', attempts: 0, nextAttemptAt: '2030-01-02T18:04:00.000Z' }), now)).toBe(true);
    expect(isBeingSent(deliveryOf({ state: 'pending', attempts: 2, nextAttemptAt: null }), now)).toBe(true);
    expect(isBeingSent(deliveryOf({ state: 'pending', attempts: 1, nextAttemptAt: '2030-01-02T18:05:05.000Z' }), now)).toBe(true);
    expect(isBeingSent(deliveryOf({ state: 'pending', attempts: 3, nextAttemptAt: '2030-01-02T18:35:00.000Z' }), now)).toBe(false);
  });
});

describe('an attempt as the log reads it', () => {
  it('gives its number, time, status, duration, excerpt and whether it was resent', () => {
    expect(
      webhookAttemptRow(
        {
          attempt: 3,
          at: '2030-01-02T18:09:05.000Z',
          ok: false,
          status: 500,
          error: 'The endpoint answered 500; only a 2xx answer counts as delivered',
          excerpt: '{"error":"db down"}',
          durationMs: 1234,
          resent: true,
        },
        ZONE,
      ),
    ).toEqual({
      title: 'Attempt 3',
      at: '01/02/2030, 10:09 AM PST',
      status: 'HTTP 500',
      error: 'The endpoint answered 500; only a 2xx answer counts as delivered',
      duration: '1.2 s',
      excerpt: '{"error":"db down"}',
      resent: true,
      ok: false,
    });
    expect(
      webhookAttemptRow(
        { attempt: 1, at: '2030-01-02T18:04:00.000Z', ok: true, status: 204, error: null, excerpt: '', durationMs: 87, resent: false },
        ZONE,
      ),
    ).toMatchObject({ status: 'HTTP 204', duration: '87 ms', resent: false });
  });
});
