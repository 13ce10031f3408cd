import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { attachReplies } from '../mailbox/watcher/reply';
import { EMAIL_CONFIGURATIONS_CHANGED, mailboxSignal } from '../mailbox/watcher/signal';
import { DEFAULT_WATCHER_OPTIONS, type WatcherOptions } from '../mailbox/watcher/types';
import { MailWatcher } from '../mailbox/watcher/watcher';

/** Nodes tell each other "an e-mail configuration changed" on this server-side event (through Redis when set). */
const CHANGED_RELAY = 'email-configurations-changed';

/**
 * The mail watcher of this node (decorates `app.mailWatcher`): once the server is ready it
 * watches every active configuration's mailbox, and it closes every connection before the
 * database closes. A change said on this node wakes it and, with Redis, the other nodes' too.
 * Runs that mails started send their reply when they end (on every node, watching or not).
 * MAIL_WATCHER=off leaves this node's mailboxes unwatched (another node may watch them).
 */
export function setupMailWatcher(app: FastifyInstance, config: Config, options: Partial<WatcherOptions> = {}): void {
  const checkMs = config.mailWatcherCheckSeconds * 1000;
  // A check's NOOP must answer well before the next one is due.
  const timing = { checkMs, deadMs: Math.min(DEFAULT_WATCHER_OPTIONS.deadMs, checkMs) };
  const watcher = new MailWatcher(app, { ...DEFAULT_WATCHER_OPTIONS, ...timing, ...options });
  app.decorate('mailWatcher', watcher);
  const io = app.realtime.io;
  const clustered = config.redisUrl !== null;
  const onChanged = () => {
    watcher.poke();
    if (clustered) io.serverSideEmit(CHANGED_RELAY);
  };
  const onRelayed = () => watcher.poke();
  const stopReplies = attachReplies(app);
  app.addHook('onReady', async () => {
    if (!config.mailWatcher) return;
    mailboxSignal.on(EMAIL_CONFIGURATIONS_CHANGED, onChanged);
    if (clustered) io.on(CHANGED_RELAY, onRelayed);
    watcher.start();
  });
  app.addHook('preClose', async () => {
    mailboxSignal.off(EMAIL_CONFIGURATIONS_CHANGED, onChanged);
    io.off(CHANGED_RELAY, onRelayed);
    await watcher.close();
    await stopReplies();
  });
}
