import { describe, expect, it } from 'vitest';
import {
  PROCESS_STATUS,
  PROCESS_STATUS_LABELS,
  displayAmount,
  isAgentConnected,
  processStatusName,
} from '../../../src/domain';

describe('licence amounts', () => {
  it('shows INR as is and other currencies divided by 83.3 with two decimals', () => {
    expect(displayAmount(8330, 'INR')).toBe('8330');
    expect(displayAmount(8330, 'USD')).toBe('100.00');
    expect(displayAmount(1000, 'USD')).toBe('12.00');
  });
});

describe('statuses', () => {
  it('maps process codes both ways', () => {
    expect(PROCESS_STATUS.agentDisconnected).toBe(5);
    expect(processStatusName(4)).toBe('canceled');
    expect(processStatusName(9)).toBeUndefined();
    expect(PROCESS_STATUS_LABELS[3]).toBe('Error');
  });

  it('treats agent status 0 as disconnected', () => {
    expect(isAgentConnected(0)).toBe(false);
    expect(isAgentConnected(1)).toBe(true);
  });
});
