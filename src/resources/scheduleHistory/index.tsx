import { scheduleHistory } from '../../domain/declarations/scheduleHistory';
import { schemaResource } from '../schema';
import {
  HistoryOutcome,
  HistoryProcess,
  HistoryProcessStatus,
  HistoryReason,
  HistoryRowActions,
} from './HistoryFields';

/**
 * Scheduled History: one row per due fire (written by the scheduler, never by a form): its due
 * instant, the outcome as a chip, the reason in the chosen language, a link to the fired run;
 * View and Delete as the permission table allows (nobody updates a row).
 */
export const scheduleHistoryResource = schemaResource(scheduleHistory, {
  createPage: false,
  filters: ['companyId', 'scheduleId', 'outcome'],
  rowActions: HistoryRowActions,
  display: {
    outcome: HistoryOutcome,
    reason: HistoryReason,
    processId: HistoryProcess,
    processStatus: HistoryProcessStatus,
  },
  card: { title: 'botName', status: ['outcome'], lines: ['dueAt', 'reason'] },
  empty: { text: 'emptyNothing' },
  wrapCells: true,
});
