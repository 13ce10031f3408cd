import { describe, expect, it } from 'vitest';
import { en } from '../../../i18n/en';
import { makeTranslate } from '../../../i18n/translate';
import type { LiveNotification } from '../../../src/domain';
import { isLiveNotification, notificationMessage } from '../../../src/custom/realtime/notificationText';

const t = makeTranslate(en);
const text = (n: LiveNotification) => {
  const m = notificationMessage(n);
  return m ? t(m.key, m.args) : null;
};
const PROCESS_ID = '1a2b3c4d-5e6f-7a8b-9c0d-112233445566';

describe('live notification texts', () => {
  it('agent events', () => {
    expect(text({ type: 'agent', operation: 'insert', data: { id: 'a1', deviceId: 'PC-42' } })).toBe(
      'Agent PC-42 Added successfully',
    );
    expect(text({ type: 'agent', operation: 'update', data: { id: 'a1', deviceId: 'PC-42', status: 1 } })).toBe(
      'Agent PC-42 Connected',
    );
    // A flag or name change is no connection event: the lists refresh without a pop-up.
    expect(
      notificationMessage({ type: 'agent', operation: 'update', data: { id: 'a1', deviceId: 'PC-42', isBusy: true } }),
    ).toBeNull();
    expect(text({ type: 'agent', operation: 'update', data: { id: 'a1', deviceId: 'PC-42', status: 0 } })).toBe(
      'Agent PC-42 Disconnected successfully',
    );
  });

  it('process events use the first 8 characters of the id', () => {
    const p = (operation: 'insert' | 'update', status?: number) =>
      text({ type: 'process', operation, data: { id: PROCESS_ID, status } });
    expect(p('insert', 0)).toBe('Process with Id 1a2b3c4d... Added successfully');
    expect(p('update', 1)).toBe('Process with Id 1a2b3c4d... Started Running');
    expect(p('update', 2)).toBe('Process with Id 1a2b3c4d... Completed Successfully');
    expect(p('update', 3)).toBe('Process with Id 1a2b3c4d... Failed');
    expect(p('update', 4)).toBe('Process with Id 1a2b3c4d... Canceled');
    expect(p('update', 5)).toBe('Process with Id 1a2b3c4d... failed since agent is disconnected');
    expect(p('update', 0)).toBeNull();
  });

  it('a pop-up looks like what it tells: successes green, failures red, the rest news', () => {
    const type = (n: LiveNotification) => notificationMessage(n)?.type;
    const process = (operation: 'insert' | 'update', status?: number): LiveNotification => ({
      type: 'process',
      operation,
      data: { id: PROCESS_ID, status },
    });
    // 'Added successfully' is the Run dialog's success answer too: the same look.
    expect(type(process('insert', 0))).toBe('success');
    expect(type(process('update', 2))).toBe('success');
    expect(type(process('update', 1))).toBe('info');
    expect(type(process('update', 4))).toBe('info');
    expect(type(process('update', 3))).toBe('error');
    expect(type(process('update', 5))).toBe('error');
    expect(type({ type: 'agent', operation: 'insert', data: { id: 'a1', deviceId: 'PC-42' } })).toBe('success');
    expect(type({ type: 'agent', operation: 'update', data: { id: 'a1', deviceId: 'PC-42', status: 0 } })).toBe('info');
  });

  it('log lines refresh lists without a pop-up', () => {
    expect(text({ type: 'processExecutionLog', operation: 'insert', data: { id: 'l1' } })).toBeNull();
  });

  it('recognises well-formed events only', () => {
    expect(isLiveNotification({ type: 'agent', operation: 'insert', data: { id: 'x' } })).toBe(true);
    expect(isLiveNotification({ type: 'bot', operation: 'insert', data: {} })).toBe(false);
    expect(isLiveNotification('hello')).toBe(false);
  });
});
