import { Type } from 'typebox';
import { PARAMETER_DIRECTIONS, type BotArgument, type BotParameter } from '../../src/domain/declarations';
import { describeArgument, EMPTY_ARGUMENT_KINDS, runnerOf } from '../../src/domain/emptyArgument';

/**
 * What an empty value becomes, one flat object (rather than a union) so that the serializer
 * stays a plain one: `value` is there for `default` and `typeDefault`, absent for `notPassed`.
 */
const WhenEmptySchema = Type.Object(
  {
    kind: Type.Unsafe<(typeof EMPTY_ARGUMENT_KINDS)[number]>({
      type: 'string',
      enum: [...EMPTY_ARGUMENT_KINDS],
      description:
        "default: the workflow's default applies; typeDefault: the .NET default of its type (Nothing, 0, False, the zero date or Guid); notPassed: a script does not get the parameter at all",
    }),
    value: Type.Optional(
      Type.String({ description: "the default as the workflow writes it, or the type's default as VB writes it" }),
    ),
  },
  { description: 'what the argument becomes when a run leaves it empty (In and InOut arguments only)' },
);

/** One argument of a bot's file as the API answers it (src/domain/emptyArgument.ts says the rule). */
export const BotArgumentSchema = Type.Object(
  {
    name: Type.String(),
    direction: Type.Unsafe<BotParameter['direction']>({ type: 'string', enum: [...PARAMETER_DIRECTIONS] }),
    type: Type.String(),
    startsWith1: Type.Optional(Type.Boolean()),
    default: Type.Optional(Type.String({ description: "the workflow's default as written (a literal or [VB])" })),
    optional: Type.Boolean({
      description: 'a run may leave it empty: true for every In and InOut argument; an Out argument takes no value',
    }),
    whenEmpty: Type.Optional(WhenEmptySchema),
  },
  { title: 'BotArgument' },
);

const isParameter = (value: unknown): value is BotParameter =>
  typeof value === 'object' && value !== null && typeof (value as BotParameter).name === 'string';

/** The arguments of a bot's file as answered: the stored declarations, each with what a run may leave of it. */
export const describeArguments = (parameters: unknown, fileName: unknown): BotArgument[] =>
  (Array.isArray(parameters) ? parameters.filter(isParameter) : []).map((p) => describeArgument(p, runnerOf(fileName)));
