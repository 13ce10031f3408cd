import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MENU, type MenuNode } from '../../../src/domain/menu';

/**
 * docs/adding-a-resource.md lists the sidebar orders each section uses, so that a new entry
 * takes a free one. The table must be the sidebar's: every entry it names sits in that section
 * at that order, and every entry of the product's sidebar is in it. In the copy of the repository
 * where the doc's own example has been added (ADDED_RESOURCE_CHECK=1), the example's entry is the
 * one the table does not list.
 */
const DOC = readFileSync(path.resolve(__dirname, '../../../docs/adding-a-resource.md'), 'utf8');

function documented(): Map<string, string> {
  const table = DOC.split('<!-- sidebar orders -->')[1] ?? '';
  const rows = table
    .split('\n')
    .slice(1)
    .filter((line, i, all) => line.startsWith('|') && all.slice(0, i).every((l) => l.startsWith('|')));
  const entries = new Map<string, string>();
  for (const row of rows.slice(2)) {
    const [section, list] = row
      .split('|')
      .slice(1, 3)
      .map((cell) => cell.trim());
    const name = section.startsWith('top level') ? 'top' : section.replace(/`/g, '');
    for (const item of list.split(',')) {
      const [key, order] = item.trim().split(' ');
      entries.set(key, `${name} ${order}`);
    }
  }
  return entries;
}

function actual(): Map<string, string> {
  const entries = new Map<string, string>();
  const walk = (nodes: readonly MenuNode[], section: string) => {
    for (const node of nodes) {
      entries.set(node.key, `${section} ${node.order}`);
      if (node.children) walk(node.children, node.key);
    }
  };
  walk(MENU, 'top');
  return entries;
}

describe('the sidebar orders of docs/adding-a-resource.md', () => {
  it('has a row for each section', () => {
    expect(documented().size).toBeGreaterThan(15);
  });

  it('are the sidebar’s', () => {
    const doc = documented();
    const menu = actual();
    for (const [key, place] of doc) expect(menu.get(key), key).toBe(place);
    const unlisted = [...menu.keys()].filter((key) => !doc.has(key));
    expect(unlisted).toEqual(process.env.ADDED_RESOURCE_CHECK === '1' ? ['holidays'] : []);
  });
});
