import { describe, expect, it } from 'vitest';
import { awayOn, channelAllowed, channelMatrix, notificationGroupOf, splitTimeOff } from './availability';

describe('availability', () => {
  it('groups notification types into the kinds an agent chooses channels for', () => {
    expect(notificationGroupOf('offer.new')).toBe('offers');
    expect(notificationGroupOf('assignment.displaced')).toBe('assignments');
    expect(notificationGroupOf('note.created')).toBe('messages');
    expect(notificationGroupOf('agent.paid')).toBe('payments');
    expect(notificationGroupOf('credential.expiring')).toBe('credentials');
    expect(notificationGroupOf('user.password_reset')).toBeNull();
  });

  it('uses every channel until the agent chooses, then only the chosen ones', () => {
    expect(channelAllowed({}, 'note.created', 'text')).toBe(true);
    const chosen = { messages: ['push'], offers: [] };
    expect(channelAllowed(chosen, 'note.created', 'text')).toBe(false);
    expect(channelAllowed(chosen, 'note.created', 'push')).toBe(true);
    expect(channelAllowed(chosen, 'offer.new', 'push')).toBe(false);
    // Account notices are not the agent's to turn off.
    expect(channelAllowed(chosen, 'user.password_reset', 'email')).toBe(true);
  });

  it('never leaves assignment changes without a channel, even from a stored empty choice', () => {
    expect(channelMatrix({ assignments: [] }).assignments).toEqual(['push', 'text', 'email']);
    expect(channelMatrix({ assignments: ['email'] }).assignments).toEqual(['email']);
  });

  it('keeps ranges still to come apart from the past ones, and tells a day away', () => {
    const ranges = [
      { startsOn: '2030-12-01', endsOn: '2030-12-03' },
      { startsOn: '2030-12-20', endsOn: '2030-12-24' },
      { startsOn: '2030-12-09', endsOn: '2030-12-10' },
    ];
    const { current, past } = splitTimeOff(ranges, '2030-12-10');
    expect(current.map((r) => r.startsOn)).toEqual(['2030-12-09', '2030-12-20']);
    expect(past.map((r) => r.startsOn)).toEqual(['2030-12-01']);
    expect(awayOn(ranges, '2030-12-24')).toBe(true);
    expect(awayOn(ranges, '2030-12-25')).toBe(false);
  });
});
