import { need } from './calls';
import { toInt32 } from './cast';
import { fail, MESSAGES } from './exceptions';
import type { Translated } from './regexTranslate';
import { textOrEmpty } from './text';
import { MISSING, NetInstance, NetList, type Value } from './values';

/** The part of the input a group (or the match) captured; an unmatched group has Success False and Value "". */
export class NetGroup extends NetInstance {
  readonly netType: string = 'Group';
  readonly netNamespace = 'System.Text.RegularExpressions';
  constructor(
    readonly name: string,
    readonly success: boolean,
    readonly index: number,
    readonly value: string,
  ) {
    super();
  }

  member(lc: string, args: Value[]): Value | typeof MISSING {
    if (args.length) return MISSING;
    switch (lc) {
      case 'success':
        return this.success;
      case 'value':
        return this.value;
      case 'index':
        return this.index;
      case 'length':
        return this.value.length;
      case 'name':
        return this.name;
    }
    return MISSING;
  }

  override toText(): string {
    return this.value;
  }
}

/** Where a match was found: the regex, the input, and where the next search starts. */
export interface MatchSource {
  tr: Translated;
  input: string;
  /** The last position the search may reach (Match(input, beginning, length) stops early). */
  end: number;
}

/** The first match at or after `start`, or Match.Empty's equivalent (Success False). */
export function matchAt(src: MatchSource, start: number): NetMatch {
  const { tr, input } = src;
  if (start > input.length) return NetMatch.failed(src);
  tr.re.lastIndex = start;
  const r = tr.re.exec(src.end < input.length ? input.slice(0, src.end) : input);
  if (!r) return NetMatch.failed(src);
  const groups = tr.js.map((indices, n) => {
    // A name given to several groups holds what the last of them to take part captured.
    let best = -1;
    for (const j of indices)
      if (r[j] !== undefined && (best < 0 || (r.indices?.[j]?.[0] ?? 0) >= (r.indices?.[best]?.[0] ?? 0))) best = j;
    if (best < 0) return new NetGroup(tr.names[n], false, 0, '');
    return new NetGroup(tr.names[n], true, r.indices?.[best]?.[0] ?? 0, r[best]);
  });
  return new NetMatch(src, groups);
}

/** System.Text.RegularExpressions.Match: group 0 and its Groups, and NextMatch. */
export class NetMatch extends NetGroup {
  override readonly netType = 'Match';
  constructor(
    readonly src: MatchSource,
    readonly groups: NetGroup[],
  ) {
    const g = groups[0];
    super('0', g.success, g.index, g.value);
  }

  static failed(src: MatchSource): NetMatch {
    return new NetMatch(src, [new NetGroup('0', false, 0, '')]);
  }

  /** Where NextMatch searches from: after this match, one further on when it was empty. */
  get next(): number {
    return this.index + this.value.length + (this.value.length === 0 ? 1 : 0);
  }

  override member(lc: string, args: Value[]): Value | typeof MISSING {
    if (lc === 'groups' && args.length === 0) return new NetGroupCollection(this.groups);
    if (lc === 'nextmatch') {
      need(args, 0, 0);
      return this.success ? matchAt(this.src, this.next) : NetMatch.failed(this.src);
    }
    return super.member(lc, args);
  }
}

/** Match.Groups: by number (an absent number is an unmatched group) or by name. */
export class NetGroupCollection extends NetInstance {
  readonly netType = 'GroupCollection';
  readonly netNamespace = 'System.Text.RegularExpressions';
  constructor(readonly groups: NetGroup[]) {
    super();
  }

  override items(): Value[] {
    return this.groups;
  }

  member(lc: string, args: Value[]): Value | typeof MISSING {
    switch (lc) {
      case 'count':
        return args.length ? MISSING : this.groups.length;
      case 'keys':
        return args.length
          ? MISSING
          : new NetList(
              'String',
              this.groups.map((g) => g.name),
            );
      case 'values':
        return args.length ? MISSING : new NetList('Group', [...this.groups]);
      case 'item': {
        need(args, 1, 1);
        const k = args[0];
        const byNumber = typeof k === 'number' ? this.groups[k] : this.groups.find((g) => g.name === textOrEmpty(k));
        return byNumber ?? new NetGroup('', false, 0, '');
      }
      case 'containskey':
        need(args, 1, 1);
        return this.groups.some((g) => g.name === textOrEmpty(args[0]));
    }
    return MISSING;
  }
}

/** Regex.Matches: every match, each searched for after the one before. */
export class NetMatchCollection extends NetInstance {
  readonly netType = 'MatchCollection';
  readonly netNamespace = 'System.Text.RegularExpressions';
  constructor(readonly matches: NetMatch[]) {
    super();
  }

  override items(): Value[] {
    return this.matches;
  }

  member(lc: string, args: Value[]): Value | typeof MISSING {
    if (lc === 'count') return args.length ? MISSING : this.matches.length;
    if (lc === 'item') {
      need(args, 1, 1);
      const i = toInt32(args[0]);
      if (i < 0 || i >= this.matches.length)
        fail('ArgumentOutOfRangeException', `${MESSAGES.argumentOutOfRange} (Parameter 'i')`);
      return this.matches[i];
    }
    return MISSING;
  }
}

/** All the matches from `start` on. */
export function allMatches(src: MatchSource, start: number): NetMatch[] {
  const out: NetMatch[] = [];
  let m = matchAt(src, start);
  while (m.success) {
    out.push(m);
    m = matchAt(src, m.next);
  }
  return out;
}
