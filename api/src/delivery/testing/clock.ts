/**
 * A delivery clock at midday in every US zone (11 am Pacific, 2 pm Eastern, 8 am Hawaii): tests
 * that count texts run as if in the day, whatever the hour CI runs them, so an agent's quiet
 * hours (domain/quiet-hours.ts) hold nothing back. quiet-hours.db.test.ts sets its own.
 */
export const DAYTIME = new Date('2030-06-12T18:00:00Z');
export const daytime = (): Date => DAYTIME;
