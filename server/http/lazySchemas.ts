import { createRequire } from 'node:module';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

/** What Fastify hands a compiler and uses of what it returns (its types spell out ajv's whole API). */
interface RouteSchema {
  method: string;
  url: string;
  httpPart?: string;
  httpStatus?: string;
  schema?: unknown;
}
type Validate = ((data: unknown) => unknown) & { errors?: unknown };
type ValidatorBuilder = (externalSchemas: unknown, options: unknown) => (route: RouteSchema) => Validate;
type SerializerBuilder = (
  externalSchemas: unknown,
  options: unknown,
) => (route: RouteSchema) => (doc: unknown) => string;

/**
 * Fastify's own default compilers (ajv for requests, fast-json-stringify for answers), loaded
 * from the copies Fastify itself depends on, so validation and serialization stay exactly
 * Fastify's: same libraries, same versions, same options.
 */
const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));

export interface LazySchemas {
  /** Fastify's `schemaController.compilersFactory`. */
  compilersFactory: CompilersFactory;
  /**
   * Compiles every schema not compiled yet, one at a time with a turn of the event loop between
   * two, so requests are answered meanwhile; stops when the server stops listening. A schema that
   * cannot compile is logged, and named in the answer ("GET /api/x querystring").
   */
  compileAll(app: FastifyInstance): Promise<string[]>;
  /** How many schemas are still waiting to be compiled. */
  pending(): number;
}

/**
 * Route schemas compiled on first use instead of while the server starts. Compiling the
 * validators and serializers of every route took about a fifth of a warm start's CPU, before
 * the first request could be answered; a route's first request now compiles its own schemas
 * (milliseconds), and `compileAll` compiles the rest once the server listens.
 */
export function lazySchemas(): LazySchemas {
  const defaultValidators = (fromFastify('@fastify/ajv-compiler') as () => ValidatorBuilder)();
  const defaultSerializers = (fromFastify('@fastify/fast-json-stringify-compiler') as () => SerializerBuilder)();
  /** The schemas not compiled yet, as the functions that compile them. */
  const waiting = new Map<() => unknown, string>();

  function deferred<F>(route: RouteSchema, compile: () => F): () => F {
    let compiled: F | undefined;
    const get = (): F => {
      if (compiled === undefined) {
        compiled = compile();
        waiting.delete(get);
      }
      return compiled;
    };
    waiting.set(get, `${route.method} ${route.url} ${route.httpPart ?? `answer ${route.httpStatus ?? ''}`}`.trim());
    return get;
  }

  const buildValidator: ValidatorBuilder = (externalSchemas, options) => {
    const compiler = defaultValidators(externalSchemas, options);
    return (route) => {
      const compiled = deferred(route, () => compiler(route));
      const validate: Validate = (data) => {
        const fn = compiled();
        const result = fn(data);
        // Fastify reads a failed check's errors from the function it called.
        validate.errors = fn.errors;
        return result;
      };
      return validate;
    };
  };

  const buildSerializer: SerializerBuilder = (externalSchemas, options) => {
    const compiler = defaultSerializers(externalSchemas, options);
    return (route) => {
      const compiled = deferred(route, () => compiler(route));
      return (doc) => compiled()(doc);
    };
  };

  async function compileAll(app: FastifyInstance): Promise<string[]> {
    const failed: string[] = [];
    for (const [compile, label] of [...waiting]) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (!app.server.listening) break;
      try {
        compile();
      } catch (error) {
        failed.push(label);
        app.log.error({ err: error, schema: label }, 'a route schema does not compile');
      }
    }
    return failed;
  }

  // Fastify calls a validator and reads its `errors`, nothing else of ajv's function.
  const compilersFactory = { buildValidator, buildSerializer } as unknown as CompilersFactory;
  return { compilersFactory, compileAll, pending: () => waiting.size };
}
