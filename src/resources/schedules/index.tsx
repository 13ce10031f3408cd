import { schedules } from '../../domain/declarations/schedules';
import { ScheduleCreate, ScheduleReschedule } from '../../custom/schedule/ScheduleBuilder';
import { schemaResource } from '../schema';
import { ScheduleRowActions, EnableToggle } from './ScheduleActions';
import { FrequencyValue, LastOutcomeValue, PlanWords, StatusValue } from './ScheduleFields';
import { HistoryTab, NextFiresTab, ParametersTab } from './ScheduleTabs';

const ReschedulePage = () => <ScheduleReschedule resource={schedulesResource} />;

/**
 * Scheduled Plans: the schema's list at /controlroom/process/schedule/all (its page kept in the
 * store, as every schema list's), each plan's frequency in words, its next fire, last outcome
 * and status; View, Reschedule, Enable/Disable and Delete as the permission table allows. Create
 * and Reschedule are the schedule builder. Details: the plan in words, its next five fires, its
 * parameters and recipients, its history.
 */
export const schedulesResource = schemaResource(schedules, {
  create: ScheduleCreate,
  edit: ReschedulePage,
  updateLabel: 'resources.schedules.actions.reschedule',
  filters: ['companyId', 'userId', 'status', 'frequency'],
  rowActions: ScheduleRowActions,
  detailsActions: EnableToggle,
  display: { frequency: FrequencyValue, duration: PlanWords, lastOutcome: LastOutcomeValue, status: StatusValue },
  card: { status: ['status'], lines: ['frequency', 'agentName', 'nextFireAt'] },
  tabs: [
    { label: 'resources.schedules.tabs.fires', content: NextFiresTab },
    { label: 'resources.schedules.tabs.parameters', content: ParametersTab },
    { label: 'resources.schedules.tabs.history', content: HistoryTab },
  ],
});
