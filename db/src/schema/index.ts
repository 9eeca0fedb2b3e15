// The whole schema, one module per aggregate. drizzle-kit reads this file.
export * from './auth';
export * from './enums';
export * from './firms';
export * from './signing-terms';
export * from './signing-day';
export * from './users';
export * from './appointments';
export * from './offers';
export * from './notes';
export * from './files';
export * from './agent-record';
export * from './dispatch';
export * from './public-forms';
export * from './integrations';
export * from './platform';
