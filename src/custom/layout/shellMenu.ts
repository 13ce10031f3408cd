import { MENU, scopeOf, type MenuNode } from '../../domain';

export const AUDIT_LOG_PATH = '/controlroom/audit';

/**
 * The domain's sidebar plus the shell's own entry: Audit Log under Manage Users, for
 * the roles the permission table lets read the audit log (the Super Admin).
 */
export const SHELL_MENU: readonly MenuNode[] = MENU.map((node) =>
  node.key === 'manageUsers'
    ? {
        ...node,
        children: [
          ...(node.children ?? []),
          { key: 'auditLog', path: AUDIT_LOG_PATH, visible: (user) => scopeOf(user.role, 'list', 'audit') !== 'none' },
        ],
      }
    : node,
);
