export * from './messages';
export * from './companies';
export * from './users';
export * from './groups';
export * from './registrationTokens';
export * from './licences';
export * from './studioSubscriptions';
export * from './audit';
