import type { ReactNode } from 'react';
import { LabelledButton } from './LabelledButton';

/** A router link that looks like a button and shows its name at every width (LabelledButton). */
export const LinkButton = ({
  to,
  label,
  children,
  variant,
}: {
  to: string;
  label: string;
  children?: ReactNode;
  variant?: 'text' | 'outlined' | 'contained';
}) => <LabelledButton to={to} label={label} icon={children} variant={variant} />;
