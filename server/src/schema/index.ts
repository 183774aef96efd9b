export * from './identity.ts';
export * from './hr.ts';
export * from './settings.ts';
export * from './accounting.ts';
export * from './catalogue.ts';
export * from './product.ts';
export * from './inventory.ts';
export * from './ledger.ts';
