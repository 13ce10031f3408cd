import { useState, type MouseEvent, type ReactElement } from 'react';
import { Collapse, List, ListItemButton, ListItemIcon, ListItemText, Tooltip } from '@mui/material';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Link as RouterLink } from 'react-router-dom';
import { MENU, SIDEBAR_COLLAPSED_PX, SIDEBAR_EXPANDED_PX, menuFor, type MenuNode, type MenuUser } from '../../domain';
import { useT } from '../i18n/useT';
import { menuIconOf } from './menuIcons';

export interface SidebarNavProps {
  user: MenuUser;
  available: ReadonlySet<string>;
  /** The sidebar to filter: the product's (registry and bespoke pages) unless a test builds its own. */
  nodes?: readonly MenuNode[];
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

/**
 * How well a menu path matches the current one: exactly (best), by its section (longer is closer), or not at all (-1).
 */
function matchOf(path: string, current: string): number {
  if (current === path || current === `${path}/`) return Number.MAX_SAFE_INTEGER;
  if (path === '/controlroom') return -1;
  const section = sectionOf(path);
  return current.startsWith(`${section}/`) ? section.length : -1;
}

const leafPaths = (nodes: readonly MenuNode[]): string[] =>
  nodes.flatMap((n) => (n.children ? leafPaths(n.children) : [n.path ?? '/controlroom']));

/**
 * The one item to highlight: the most specific match of the current path, so Create Bots
 * (/controlroom/bots/create) does not also light View Bots, whose section is /controlroom/bots.
 */
export function activePathOf(paths: readonly string[], current: string): string | undefined {
  let best: string | undefined;
  let bestScore = -1;
  for (const path of paths) {
    const score = matchOf(path, current);
    if (score > bestScore) [best, bestScore] = [path, score];
  }
  return best;
}

/** The item's name as a tooltip when the sidebar is collapsed (icons only). */
const NavTooltip = ({ label, open, children }: { label: string; open: boolean; children: ReactElement }) => (
  <Tooltip title={open ? '' : label} placement="right">
    {children}
  </Tooltip>
);

/**
 * Every label whole whatever the language: in the 14 px of a dense menu, one too long for the
 * 200 px sidebar (French ones are long) wraps onto a second line rather than being cut.
 */
const labelSlots = {
  primary: { variant: 'body2', sx: { whiteSpace: 'normal', overflowWrap: 'anywhere', lineHeight: 1.3 } },
} as const;

/** A declared resource's entry reads its plural name; the others their `menu.<key>` label. */
const useLabel = (node: MenuNode): string => useT()(node.label ?? `menu.${node.key}`, { smart_count: 2 });

type ItemProps = Omit<SidebarNavProps, 'user' | 'available' | 'currentPath' | 'nodes'> & {
  activePath: string | undefined;
};

const Leaf = ({ node, depth, ...props }: ItemProps & { node: MenuNode; depth: number }) => {
  const label = useLabel(node);
  const path = node.path ?? '/controlroom';
  const active = path === props.activePath;
  const onClick = (e: MouseEvent) => {
    if (!props.onNavigate(path)) e.preventDefault();
  };
  return (
    <NavTooltip label={label} open={props.open}>
      <ListItemButton
        component={RouterLink}
        to={path}
        selected={active}
        aria-current={active ? 'page' : undefined}
        onClick={onClick}
        sx={{ pl: props.open ? 2 + depth * 2 : 3.5 }}
      >
        <ListItemIcon sx={{ minWidth: props.open ? 36 : 0 }}>{menuIconOf(node.icon)}</ListItemIcon>
        <ListItemText primary={label} slotProps={labelSlots} sx={props.open ? undefined : visuallyHidden} />
      </ListItemButton>
    </NavTooltip>
  );
};

const Group = ({ node, ...props }: ItemProps & { node: MenuNode }) => {
  const [expanded, setExpanded] = useState(true);
  const label = useLabel(node);
  const listId = `sidebar-group-${node.key}`;
  return (
    <>
      <NavTooltip label={label} open={props.open}>
        <ListItemButton
          onClick={() => setExpanded(!expanded)}
          aria-expanded={expanded}
          aria-controls={listId}
          sx={{ pl: props.open ? 2 : 3.5 }}
        >
          <ListItemIcon sx={{ minWidth: props.open ? 36 : 0 }}>{menuIconOf(node.icon)}</ListItemIcon>
          <ListItemText primary={label} slotProps={labelSlots} sx={props.open ? undefined : visuallyHidden} />
          {props.open && (expanded ? <ExpandLess /> : <ExpandMore />)}
        </ListItemButton>
      </NavTooltip>
      <Collapse in={expanded} timeout="auto">
        {/* A div, not a ul: its items are links and buttons, and a ul may hold only li. */}
        <List id={listId} component="div" disablePadding>
          {node.children?.map((child) => (
            <Leaf key={child.key} node={child} depth={1} {...props} />
          ))}
        </List>
      </Collapse>
    </>
  );
};

/** The sidebar, from the domain's menu model filtered by role and by what is built. */
export const SidebarNav = ({ user, available, currentPath, nodes: all = MENU, ...rest }: SidebarNavProps) => {
  const nodes = menuFor(user, available, all);
  const props: ItemProps = { ...rest, activePath: activePathOf(leafPaths(nodes), currentPath) };
  return (
    // A fixed width: react-admin's sidebar box sizes to its content, and long labels must not widen it.
    // The landmark name stays "Sidebar" in every language: tests and tools find it by that name.
    <List
      component="nav"
      aria-label="Sidebar"
      sx={{ pt: 1, width: props.open ? SIDEBAR_EXPANDED_PX : SIDEBAR_COLLAPSED_PX }}
    >
      {nodes.map((node) =>
        node.children ? (
          <Group key={node.key} node={node} {...props} />
        ) : (
          <Leaf key={node.key} node={node} depth={0} {...props} />
        ),
      )}
    </List>
  );
};
