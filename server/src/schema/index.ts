export * from './identity.ts';
export * from './hr.ts';
export * from './settings.ts';
export * from './accounting.ts';
export * from './catalogue.ts';
