import type { Value } from './values';

/**
 * A call whose arguments fit no overload of the member: too few or too many of them
 * ('arity'), or one of a type the member cannot take ('shape'). Members throw it; the
 * expression layer, which knows the member's name as written, turns it into the
 * MissingMemberException VB's late binder (or the C# compiler) would report.
 */
export class BadCall {
  constructor(readonly kind: 'arity' | 'shape') {}
}

/** Requires at least `min` (and at most `max`) arguments. */
export function need(args: readonly Value[], min: number, max = Infinity): void {
  if (args.length < min || args.length > max) throw new BadCall('arity');
}

/** Refuses an argument of a type the member has no overload for. */
export function badShape(): never {
  throw new BadCall('shape');
}
