import { createContext, useContext, type ReactElement } from 'react';
import { CircularProgress, IconButton, Tooltip } from '@mui/material';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { LabelledButton } from './LabelledButton';

/**
 * How an action shows: a button with its name (toolbars, details pages; at every width, a phone's
 * too), or an icon whose tooltip and accessible name are the action's name (list rows, which must
 * stay one line tall).
 */
export type ActionLook = 'button' | 'icon';
export const ActionLookContext = createContext<ActionLook>('button');

export interface ActionButtonProps {
  /** i18n key of the action's name: the button's text, or the icon's tooltip and accessible name. */
  label: string;
  icon: ReactElement;
  /** A route to open: the action is then a link. */
  to?: string;
  onClick?: () => void;
  /** Work under way (a download, an update): clicks are ignored until it ends. */
  busy?: boolean;
  color?: 'primary' | 'error';
  variant?: 'text' | 'outlined' | 'contained';
}

/** Icons a little smaller than a toolbar's: four or five fit beside a row's values. */
const iconSx = { '& .MuiSvgIcon-root': { fontSize: 20 } };

/** One action of a record, looking as its surroundings ask (ActionLookContext). */
export const ActionButton = ({
  label,
  icon,
  to,
  onClick,
  busy = false,
  color = 'primary',
  variant,
}: ActionButtonProps) => {
  const look = useContext(ActionLookContext);
  const translate = useTranslate();
  if (look === 'button') {
    return (
      <LabelledButton
        label={label}
        icon={icon}
        to={to}
        color={color}
        variant={variant}
        onClick={onClick}
        disabled={busy}
      />
    );
  }
  const name = translate(label, { _: label });
  // A disabled button gets no hover events, so no tooltip: a busy one stays enabled and ignores clicks.
  const content = busy ? <CircularProgress size={18} color="inherit" /> : icon;
  return (
    <Tooltip title={name}>
      {to === undefined ? (
        <IconButton
          size="small"
          color={color}
          aria-label={name}
          aria-disabled={busy || undefined}
          onClick={busy ? undefined : onClick}
          sx={iconSx}
        >
          {content}
        </IconButton>
      ) : (
        <IconButton component={Link} to={to} size="small" color={color} aria-label={name} sx={iconSx}>
          {content}
        </IconButton>
      )}
    </Tooltip>
  );
};
