import { useState, type MouseEvent } from 'react';
import { Collapse, List, ListItemButton, ListItemIcon, ListItemText, Tooltip } from '@mui/material';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Link as RouterLink } from 'react-router-dom';
import { SIDEBAR_COLLAPSED_PX, SIDEBAR_EXPANDED_PX, menuFor, type MenuNode, type SessionUser } from '../../domain';
import { useT } from '../i18n/useT';
import { MENU_ICONS } from './menuIcons';
import { SHELL_MENU } from './shellMenu';

export interface SidebarNavProps {
  user: Pick<SessionUser, 'role' | 'enabledEmailSchedule'>;
  available: ReadonlySet<string>;
  /** Expanded (labels shown) or collapsed (icons, labels as tooltips and for screen readers). */
  open: boolean;
  currentPath: string;
  /** Called instead of following the link when it returns false (unsaved changes). */
  onNavigate: (path: string) => boolean;
}

/** Hidden on screen, still the item's accessible name. */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** A `…/view` list also stands for its section's other pages (…/details/:id, …/register). */
const sectionOf = (path: string) => (path.endsWith('/view') ? path.slice(0, -'/view'.length) : path);
const isActive = (path: string, current: string) =>
  path === '/controlroom' ? current === path || current === `${path}/` : current === path || current.startsWith(`${sectionOf(path)}/`);

const Leaf = ({ node, depth, ...props }: Omit<SidebarNavProps, 'user' | 'available'> & { node: MenuNode; depth: number }) => {
  const t = useT();
  const label = t(`menu.${node.key}`);
  const path = node.path ?? '/controlroom';
  const active = isActive(path, props.currentPath);
  const onClick = (e: MouseEvent) => {
    if (!props.onNavigate(path)) e.preventDefault();
  };
  return (
    <Tooltip title={props.open ? '' : label} placement="right">
      <ListItemButton
        component={RouterLink}
        to={path}
        selected={active}
        aria-current={active ? 'page' : undefined}
        onClick={onClick}
        sx={{ pl: props.open ? 2 + depth * 2 : 3.5 }}
      >
        <ListItemIcon sx={{ minWidth: props.open ? 36 : 0 }}>{MENU_ICONS[node.key]}</ListItemIcon>
        <ListItemText primary={label} sx={props.open ? undefined : visuallyHidden} />
      </ListItemButton>
    </Tooltip>
  );
};

const Group = ({ node, ...props }: Omit<SidebarNavProps, 'user' | 'available'> & { node: MenuNode }) => {
  const t = useT();
  const [expanded, setExpanded] = useState(true);
  const label = t(`menu.${node.key}`);
  const listId = `sidebar-group-${node.key}`;
  return (
    <>
      <Tooltip title={props.open ? '' : label} placement="right">
        <ListItemButton onClick={() => setExpanded(!expanded)} aria-expanded={expanded} aria-controls={listId} sx={{ pl: props.open ? 2 : 3.5 }}>
          <ListItemIcon sx={{ minWidth: props.open ? 36 : 0 }}>{MENU_ICONS[node.key]}</ListItemIcon>
          <ListItemText primary={label} sx={props.open ? undefined : visuallyHidden} />
          {props.open && (expanded ? <ExpandLess /> : <ExpandMore />)}
        </ListItemButton>
      </Tooltip>
      <Collapse in={expanded} timeout="auto">
        <List id={listId} disablePadding>
          {node.children?.map((child) => <Leaf key={child.key} node={child} depth={1} {...props} />)}
        </List>
      </Collapse>
    </>
  );
};

/** The sidebar of spec §2, from the domain's menu model filtered by role and by what is built. */
export const SidebarNav = ({ user, available, ...props }: SidebarNavProps) => {
  const nodes = menuFor(user, available, SHELL_MENU);
  return (
    // A fixed width: react-admin's sidebar box sizes to its content, and long labels must wrap.
    // The landmark name stays "Sidebar" in every language: tests and tools find it by that name.
    <List component="nav" aria-label="Sidebar" sx={{ pt: 1, width: props.open ? SIDEBAR_EXPANDED_PX : SIDEBAR_COLLAPSED_PX }}>
      {nodes.map((node) =>
        node.children ? <Group key={node.key} node={node} {...props} /> : <Leaf key={node.key} node={node} depth={0} {...props} />,
      )}
    </List>
  );
};
