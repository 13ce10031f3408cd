import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { attachResultMail } from '../scheduler/resultMail';
import { DEFAULT_SCHEDULER_OPTIONS, Scheduler } from '../scheduler/scheduler';
import { SCHEDULE_CHANGED, scheduleSignal } from '../scheduler/signal';

/** Nodes tell each other "a schedule changed" on this server-side event (through Redis when set). */
const CHANGED_RELAY = 'schedule-changed';

/**
 * The scheduler of this node (decorates `app.scheduler`): it starts once the server is ready,
 * with one claim (no schedule is loaded at start), and stops before the database closes. A
 * change said on this node (scheduleChanged) wakes it and, with Redis, the other nodes' too.
 * Runs that schedules fired mail their result when they end.
 */
export function setupScheduler(app: FastifyInstance, config: Config): void {
  const scheduler = new Scheduler(app, { ...DEFAULT_SCHEDULER_OPTIONS, batch: config.schedulerBatch });
  app.decorate('scheduler', scheduler);
  const io = app.realtime.io;
  const clustered = config.redisUrl !== null;
  const onChanged = () => {
    scheduler.poke();
    if (clustered) io.serverSideEmit(CHANGED_RELAY);
  };
  const onRelayed = () => scheduler.poke();
  const stopMails = attachResultMail(app);
  app.addHook('onReady', async () => {
    scheduleSignal.on(SCHEDULE_CHANGED, onChanged);
    if (clustered) io.on(CHANGED_RELAY, onRelayed);
    scheduler.start();
  });
  app.addHook('preClose', async () => {
    scheduleSignal.off(SCHEDULE_CHANGED, onChanged);
    io.off(CHANGED_RELAY, onRelayed);
    await scheduler.stop();
    await stopMails();
  });
}
