import { API_KEY_LIMITS, API_KEY_MESSAGES } from '@signingdesk/domain/api-keys';
import { describe, expect, it } from 'vitest';
import { apiKeyBody, apiKeyFormErrors, apiKeyRefusal, NEW_API_KEY } from './api-key-form';

describe('the Create API key form’s own checks (the API’s rules and words)', () => {
  it('starts with no name and orders:read ticked, which asks for a name only', () => {
    expect(NEW_API_KEY).toEqual({ name: '', scopes: ['orders:read'] });
    expect(apiKeyFormErrors(NEW_API_KEY)).toEqual({ name: API_KEY_MESSAGES.nameRequired });
  });

  it('takes a name of 1 to 60 characters once trimmed, invisible format characters not counted', () => {
    expect(apiKeyFormErrors({ name: '  \u200b ', scopes: ['orders:read'] })).toEqual({ name: API_KEY_MESSAGES.nameRequired });
    expect(apiKeyFormErrors({ name: 'Q'.repeat(API_KEY_LIMITS.nameMax), scopes: ['orders:read'] })).toEqual({});
    expect(apiKeyFormErrors({ name: ` ${'Q'.repeat(API_KEY_LIMITS.nameMax)}\u200b `, scopes: ['orders:read'] })).toEqual({});
    expect(apiKeyFormErrors({ name: 'Q'.repeat(API_KEY_LIMITS.nameMax + 1), scopes: ['orders:read'] })).toEqual({
      name: API_KEY_MESSAGES.nameTooLong,
    });
  });

  it('asks for at least one scope', () => {
    expect(apiKeyFormErrors({ name: 'Qualia production', scopes: [] })).toEqual({ scopes: API_KEY_MESSAGES.scopesRequired });
  });

  it('sends the name as the server stores it', () => {
    expect(apiKeyBody({ name: '  Qualia\u200b production ', scopes: ['orders:read', 'files:write'] })).toEqual({
      name: 'Qualia production',
      scopes: ['orders:read', 'files:write'],
    });
  });
});

describe('where a refusal of Create API key is shown', () => {
  it('puts field errors under Name and the scopes, without repeating them above the button', () => {
    expect(
      apiKeyRefusal({
        message: `Name: ${API_KEY_MESSAGES.nameTooLong}`,
        fields: [
          { field: 'name', message: API_KEY_MESSAGES.nameTooLong },
          { field: 'scopes.1', message: API_KEY_MESSAGES.scopesRequired },
          { field: 'scopes.2', message: 'A later one' },
        ],
      }),
    ).toEqual({ fieldErrors: { name: API_KEY_MESSAGES.nameTooLong, scopes: API_KEY_MESSAGES.scopesRequired }, message: null });
  });

  it('shows the firm’s tenth key refusal (409, no field) as the form’s message', () => {
    expect(apiKeyRefusal({ message: API_KEY_MESSAGES.tooMany, fields: [] })).toEqual({
      fieldErrors: {},
      message: API_KEY_MESSAGES.tooMany,
    });
  });

  it('keeps the message when an error names another field', () => {
    expect(apiKeyRefusal({ message: 'Unknown field.', fields: [{ field: '(body)', message: 'Unknown field.' }] })).toEqual({
      fieldErrors: {},
      message: 'Unknown field.',
    });
  });
});
