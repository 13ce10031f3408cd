export * from './companies';
export * from './users';
export * from './groups';
export * from './registrationTokens';
