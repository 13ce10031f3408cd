import * as basic from './activities/basic';
import { ifActivity, ifElseIf, switchActivity } from './activities/branches';
import {
  addToCollection,
  clearCollection,
  existsInCollection,
  invokeMethod,
  removeFromCollection,
  terminateWorkflow,
} from './activities/collections';
import { compensableActivity, compensate, confirm, transactionScope } from './activities/compensation';
import { flowchart } from './activities/flowchart';
import { invokeWorkflowFile } from './activities/invoke';
import { LIBRARY_ACTIVITIES } from './activities/library';
import { LIST_TABLE_ACTIVITIES } from './activities/listsTables';
import { addLogFields, removeLogFields, verifyExpression } from './activities/logging';
import { doWhileLoop, forEach, forEachRow, retryScope, whileLoop } from './activities/loops';
import { parallel, parallelForEach } from './activities/parallel';
import { pick } from './activities/pick';
import { stateMachine } from './activities/stateMachine';
import { SYSTEM_ACTIVITIES } from './activities/system';
import { tryCatch } from './activities/tryCatch';
import type { Factory } from './compiler';
import { NS } from './ns';

/** The key of an activity: its XAML namespace (canonical) and its element name. */
export const activityKey = (ns: string, name: string): string => `${ns}|${name}`;

const wf = (name: string, f: Factory): [string, Factory] => [activityKey(NS.wf, name), f];
const ui = (name: string, f: Factory): [string, Factory] => [activityKey(NS.ui, name), f];

/**
 * Every activity the runner runs, by namespace and name. A new activity (a file, data, JSON or
 * HTTP one written as a pure function in agent/xaml/library/) is one entry here: a factory that
 * reads its properties with the Compiler at load and returns its run().
 */
export const ACTIVITIES: ReadonlyMap<string, Factory> = new Map([
  wf('Sequence', basic.sequence),
  wf('Assign', basic.assignActivity),
  wf('WriteLine', basic.writeLine),
  wf('If', ifActivity),
  wf('While', whileLoop),
  wf('DoWhile', doWhileLoop),
  wf('ForEach', forEach),
  wf('Switch', switchActivity),
  wf('TryCatch', tryCatch),
  wf('Throw', basic.throwActivity),
  wf('Rethrow', basic.rethrow),
  wf('Delay', basic.delay),
  wf('Flowchart', flowchart),
  wf('StateMachine', stateMachine),
  wf('Parallel', parallel),
  wf('ParallelForEach', parallelForEach),
  wf('Pick', pick),
  wf('AddToCollection', addToCollection),
  wf('RemoveFromCollection', removeFromCollection),
  wf('ClearCollection', clearCollection),
  wf('ExistsInCollection', existsInCollection),
  wf('InvokeMethod', invokeMethod),
  wf('TerminateWorkflow', terminateWorkflow),
  wf('CompensableActivity', compensableActivity),
  wf('Compensate', compensate),
  wf('Confirm', confirm),
  wf('TransactionScope', transactionScope),
  ui('LogMessage', basic.logMessage),
  ui('Comment', basic.skipped),
  ui('CommentOut', basic.skipped),
  ui('MultipleAssign', basic.multipleAssign),
  ui('Break', basic.breakActivity),
  ui('Continue', basic.continueActivity),
  ui('IfElseIf', ifElseIf),
  ui('IfElseIfV2', ifElseIf),
  ui('MessageBox', basic.messageBox),
  ui('InvokeWorkflowFile', invokeWorkflowFile),
  ui('ForEach', forEach),
  ui('ForEachRow', forEachRow),
  ui('InterruptibleWhile', whileLoop),
  ui('InterruptibleDoWhile', doWhileLoop),
  ui('RetryScope', retryScope),
  ui('AddToCollection', addToCollection),
  ui('RemoveFromCollection', removeFromCollection),
  ui('ClearCollection', clearCollection),
  ui('ExistsInCollection', existsInCollection),
  ui('AddLogFields', addLogFields),
  ui('RemoveLogFields', removeLogFields),
  ui('VerifyExpression', verifyExpression),
  ...LIST_TABLE_ACTIVITIES.map(([name, f]) => ui(name, f)),
  ...LIBRARY_ACTIVITIES.map(([name, f]) => ui(name, f)),
  ...SYSTEM_ACTIVITIES.map(([name, f]) => ui(name, f)),
]);
