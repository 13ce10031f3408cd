import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button } from 'react-admin';

/** react-admin's Button as a router link (its `to` alone does not make one). */
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
}) => (
  <Button component={Link} to={to} label={label} variant={variant}>
    {children}
  </Button>
);
