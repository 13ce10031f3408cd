import type { ReactNode } from 'react';
import { Button } from '@mui/material';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';

export interface LabelledButtonProps {
  /** i18n key of the button's text (its accessible name too). */
  label: string;
  icon?: ReactNode;
  /** A route to open: the button is then a link. */
  to?: string;
  onClick?: () => void;
  disabled?: boolean;
  color?: 'primary' | 'error' | 'inherit';
  variant?: 'text' | 'outlined' | 'contained';
}

/** react-admin's fix for an icon out of line on small buttons. */
const SMALL_SX = { lineHeight: 1.5 } as const;

/**
 * A button that shows its name at every width. react-admin's Button shrinks to its icon below
 * 600 px (two downloads become two identical arrows, Stop a red dot; a button without an icon
 * becomes an empty one) and drops its name when disabled: on a touch screen no tooltip says
 * what such an icon does.
 */
export const LabelledButton = ({
  label,
  icon,
  to,
  onClick,
  disabled = false,
  color = 'primary',
  variant = 'text',
}: LabelledButtonProps) => {
  const translate = useTranslate();
  const text = translate(label, { _: label });
  const common = { size: 'small', color, variant, startIcon: icon, sx: SMALL_SX } as const;
  return to === undefined ? (
    <Button {...common} onClick={onClick} disabled={disabled}>
      {text}
    </Button>
  ) : (
    <Button {...common} component={Link} to={to}>
      {text}
    </Button>
  );
};
