/**
 * The live connection of a details page whose run has ended: it connects, hears nothing and
 * answers every request. Used as `vi.mock('…/src/custom/realtime/socket', () => import(…))`.
 */
export const connectRealtime = () => ({
  on: () => undefined,
  emit: () => undefined,
  emitWithAck: () => Promise.resolve({ ok: true }),
  disconnect: () => undefined,
});
