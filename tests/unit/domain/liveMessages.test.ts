import { describe, expect, it } from 'vitest';
import { fillTemplate, templateMatcher } from '../../../src/domain/liveMessages';

describe('texts with values', () => {
  it('are written with their values, the plural form when the count is not 1', () => {
    expect(fillTemplate('Process with Id %{id}... Added successfully', { id: 'ce8c9f82' })).toBe(
      'Process with Id ce8c9f82... Added successfully',
    );
    const cancelled = '%{smart_count} pending process cancelled! |||| %{smart_count} pending processes cancelled!';
    expect(fillTemplate(cancelled, { smart_count: 1 })).toBe('1 pending process cancelled!');
    expect(fillTemplate(cancelled, { smart_count: 0 })).toBe('0 pending processes cancelled!');
    expect(fillTemplate(cancelled, { smart_count: 12 })).toBe('12 pending processes cancelled!');
  });

  it('are read back into their values, and another text is not', () => {
    const added = templateMatcher('Process with Id %{id}... Added successfully');
    expect(added('Process with Id ce8c9f82... Added successfully')).toEqual({ id: 'ce8c9f82' });
    // The dots are dots, not "any character".
    expect(added('Process with Id ce8c9f82xxx Added successfully')).toBeUndefined();
    expect(added('Process with Id ce8c9f82... Added successfully!')).toBeUndefined();
    const cancelled = templateMatcher(
      '%{smart_count} pending process cancelled! |||| %{smart_count} pending processes cancelled!',
    );
    expect(cancelled('1 pending process cancelled!')).toEqual({ smart_count: 1 });
    expect(cancelled('12 pending processes cancelled!')).toEqual({ smart_count: 12 });
    expect(cancelled('Agent is busy!')).toBeUndefined();
  });
});
