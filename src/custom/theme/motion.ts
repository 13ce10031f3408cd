import './motion.css';

/** Whether the person's system asks for less motion (read once, when the screens load). */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)').matches
    : false;
}

/** MUI component defaults for less motion: no ripple spreading over a pressed button. */
export const motionComponents = prefersReducedMotion()
  ? { MuiButtonBase: { defaultProps: { disableRipple: true } } }
  : {};
