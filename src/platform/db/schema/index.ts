export * from './billing.ts';
export * from './organizations.ts';
export * from './service-accounts.ts';
export * from './users.ts';
