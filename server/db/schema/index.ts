/*
 * One PostgreSQL schema for both drivers (PGlite and node-postgres). Keep it to features of
 * PostgreSQL 15+ (gen_random_uuid, timestamptz, NULLS NOT DISTINCT), as PGlite runs 18 and servers may run 15.
 * After a change in this folder, run `npm run db:generate` and commit the new migration.
 */
import { agents, bots } from './automation';
import { roles, users } from './tenants';
import { demoRequests } from './system';

export * from './tenants';
export * from './automation';
export * from './system';
export * from './runtime';
export * from './scheduling';
export * from './emailConfigurations';
export * from './emailMessages';
export * from './dashboard';

export type UserRow = typeof users.$inferSelect;
export type RoleRow = typeof roles.$inferSelect;
export type BotRow = typeof bots.$inferSelect;
export type AgentRow = typeof agents.$inferSelect;
export type DemoRequestRow = typeof demoRequests.$inferSelect;
