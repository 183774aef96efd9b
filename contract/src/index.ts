export * from './permissions.ts';
export * from './errors.ts';
export * from './status.ts';
export * from './money.ts';
export * from './list-query.ts';
export * from './identity.ts';
export * from './resources.ts';
export * from './messages.ts';
