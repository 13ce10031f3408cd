import type { FastifyInstance } from 'fastify';
import {
  MAX_FAILED_LOGINS,
  RESET_LINK_TTL_MS,
  messages,
  validatePasswordChange,
  type LoginPayload,
} from '../../src/domain';
import { resourceMessages } from '../../src/domain/declarations';
import { decoyHash, hashPassword, verifyPassword } from '../auth/passwords';
import { hashResetToken, newResetToken } from '../auth/tokens';
import type { Database } from '../db/client';
import { inTransaction, type UserRecord } from '../db/repositories';
import { HttpError, invalidField, validationFailed } from '../http/errors';
import { resetLinkMail, welcomeMail, type ResetReason } from '../mail/templates';
import type { VerifiedLogin } from '../types';

/** The audit log learns that a password changed and how, never the password (nor a hash). */
const auditPasswordChange = (app: FastifyInstance, user: UserRecord, tx: Database, via: string) =>
  app.audit.record(
    {
      actor: { id: user.id, role: user.role, companyId: user.companyId },
      action: 'update',
      resource: 'users',
      recordId: user.id,
      changes: { change: 'password', via },
    },
    tx,
  );

/** Repository events of this app: a changed user drops their cached login. */
const forgetting = (app: FastifyInstance) => ({ userChanged: (id: string) => app.forgetLogin(id) });

const invalidCredentials = () => new HttpError(401, 'INVALID_CREDENTIALS', messages.invalidCredentials);
const companyInactive = () => new HttpError(403, 'COMPANY_INACTIVE', resourceMessages.companyInactive);
const resetLinkInvalid = () => invalidField('token', 'resetLinkInvalid', 'RESET_LINK_INVALID');

/**
 * Checks credentials. MAX_FAILED_LOGINS consecutive failures block the account until a reset
 * link is used (one is mailed at once). An unknown e-mail, a wrong password and a blocked
 * account answer alike and take as long (one password check each), so that a guesser learns
 * neither which addresses exist nor, once one is blocked, whether a guess was right.
 */
export async function login(app: FastifyInstance, email: string, password: string): Promise<LoginPayload> {
  const { users } = app.repos;
  const user = await users.findActiveByEmail(email);
  if (!user || user.isBlocked) {
    await verifyPassword(password, await decoyHash());
    throw invalidCredentials();
  }
  if (!(await verifyPassword(password, user.passwordHash))) {
    const outcome = await users.recordFailedLogin(user.id, MAX_FAILED_LOGINS);
    if (outcome.justBlocked) await issueResetLink(app, user, 'blocked');
    throw invalidCredentials();
  }
  // After the password: an inactive company is no secret to whoever knows it.
  if (!user.companyActive) throw companyInactive();
  await users.recordSuccessfulLogin(user.id);
  const token = app.jwt.sign({ sub: user.id, role: user.role, companyId: user.companyId });
  return { token, isFirstLogin: user.isFirstLogin, user: await users.toSessionUser(user) };
}

/** Stores a fresh single-use reset token (its hash) and mails the link; the caller never waits for SMTP. */
export async function issueResetLink(app: FastifyInstance, user: UserRecord, reason: ResetReason): Promise<void> {
  const token = newResetToken();
  await app.repos.passwordResets.create(user.id, hashResetToken(token), new Date(Date.now() + RESET_LINK_TTL_MS));
  const link = `${app.appConfig.publicUrl}/account/reset-password?token=${encodeURIComponent(token)}`;
  app.mailer.queue(
    { to: user.email, ...resetLinkMail(app.mailContext, { fullName: user.fullName, link, reason }) },
    `reset link (${reason})`,
  );
}

/**
 * For a newly registered user: a reset token valid RESET_LINK_TTL_MS (24 h) in a welcome mail.
 * The link opens the reset screen; using it sets the first password and ends the first login.
 */
export async function issueWelcomeLink(app: FastifyInstance, user: UserRecord): Promise<void> {
  const token = newResetToken();
  await app.repos.passwordResets.create(user.id, hashResetToken(token), new Date(Date.now() + RESET_LINK_TTL_MS));
  const link = `${app.appConfig.publicUrl}/account/reset-password?token=${encodeURIComponent(token)}`;
  app.mailer.queue(
    { to: user.email, ...welcomeMail(app.mailContext, { fullName: user.fullName, email: user.email, link }) },
    'welcome',
  );
}

export interface PasswordChange {
  oldPassword?: string;
  newPassword: string;
  confirmNewPassword: string;
}

/** Through a mailed link: no old password; consumes the token, unblocks the account. */
export async function resetWithToken(app: FastifyInstance, token: string, change: PasswordChange): Promise<void> {
  const tokenHash = hashResetToken(token);
  if (!(await app.repos.passwordResets.findUsable(tokenHash))) throw resetLinkInvalid();
  const errors = validatePasswordChange(change, { requireOld: false });
  if (errors.length > 0) throw validationFailed(errors);
  const passwordHash = await hashPassword(change.newPassword);
  await inTransaction(
    app.database.db,
    async (repos, tx) => {
      const used = await repos.passwordResets.consume(tokenHash);
      if (!used) throw resetLinkInvalid();
      await repos.users.setPassword(used.userId, passwordHash, { unblock: true });
      await repos.passwordResets.revokeAllFor(used.userId);
      const user = await repos.users.findById(used.userId);
      if (user) await auditPasswordChange(app, user, tx, 'reset link');
    },
    forgetting(app),
  );
}

/** While logged in: the old password is required and checked, except on first login. */
export async function changePassword(
  app: FastifyInstance,
  login: VerifiedLogin,
  change: PasswordChange,
): Promise<void> {
  const requireOld = !login.user.isFirstLogin;
  const errors = validatePasswordChange(change, { requireOld });
  if (errors.length > 0) throw validationFailed(errors);
  if (requireOld && !(await verifyPassword(change.oldPassword ?? '', login.user.passwordHash))) {
    throw invalidField('oldPassword', 'oldPasswordWrong');
  }
  const passwordHash = await hashPassword(change.newPassword);
  await inTransaction(
    app.database.db,
    async (repos, tx) => {
      await repos.users.setPassword(login.user.id, passwordHash, { unblock: false });
      await repos.passwordResets.revokeAllFor(login.user.id);
      await auditPasswordChange(app, login.user, tx, login.user.isFirstLogin ? 'first login' : 'old password');
    },
    forgetting(app),
  );
}
