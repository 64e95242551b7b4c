export * from './billing.ts';
export * from './catalog.ts';
export * from './jobs.ts';
export * from './organizations.ts';
export * from './projects.ts';
export * from './service-accounts.ts';
export * from './users.ts';
