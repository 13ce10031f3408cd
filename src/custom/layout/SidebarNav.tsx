import { useState, type MouseEvent, type ReactElement, type SyntheticEvent } from 'react';
import {
  Collapse,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Tooltip,
  listItemButtonClasses,
  listItemTextClasses,
} from '@mui/material';
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

/**
 * The hovered or focused item's label is cut with an ellipsis (it shows less than its text).
 * Read from the event's target: the tooltip opens after a delay, when `currentTarget` is gone.
 */
const isCut = (event: SyntheticEvent) => {
  const item = event.target instanceof Element ? event.target.closest(`.${listItemButtonClasses.root}`) : null;
  const text = item?.querySelector(`.${listItemTextClasses.primary}`);
  return !!text && text.scrollWidth > text.clientWidth;
};

/**
 * The item's name as a tooltip: always when the sidebar is collapsed (icons only), and when a
 * long label (French) ends in an ellipsis in the expanded one.
 */
const NavTooltip = ({ label, open, children }: { label: string; open: boolean; children: ReactElement }) => {
  const [shown, setShown] = useState(false);
  return (
    <Tooltip
      title={label}
      placement="right"
      open={shown}
      onOpen={(event: SyntheticEvent) => setShown(!open || isCut(event))}
      onClose={() => setShown(false)}
    >
      {children}
    </Tooltip>
  );
};

/**
 * One line whatever the language: labels in the 14 px of a dense menu (French ones are long),
 * and one still too long for the 200 px sidebar ends in an ellipsis.
 */
const labelSlots = { primary: { noWrap: true, variant: 'body2' } } as const;

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
