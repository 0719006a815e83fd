export * from './constants.ts';
export * from './schemas/auth.ts';
export * from './schemas/channels.ts';
export * from './schemas/pagination.ts';
export * from './schemas/admin.ts';
