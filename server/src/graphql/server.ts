import { cacheableRead } from '../rest/cacheable';
import { isPersisted, persistedOperationStore } from './persisted';
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import {
  BREAK,
  GraphQLError,
  Lexer,
  Source,
  TokenKind,
  visit,
  type DocumentNode,
  type GraphQLFormattedError,
} from 'graphql';
import type { RequestHandler } from 'express';
import { AppError, databaseUnavailable, RETRY_AFTER_SECONDS, unavailable } from '../common/errors';
import type { Ctx } from '../context';
import { getSchema } from './schema';

/** Limits for every operation; partners get the same. Kept here so the README can cite them. */
export const GRAPHQL_LIMITS = {
  maxDepth: 10,
  maxAliases: 15,
  maxTokens: 2000,
  maxDirectives: 20,
  maxCost: 5000,
} as const;

const INTROSPECTION_FIELDS = new Set(['__schema', '__type']);

/** Whether a parsed document asks for __schema or __type (Apollo reuses the parsed document of a known query). */
const asksIntrospection = new WeakMap<DocumentNode, boolean>();
function introspects(document: DocumentNode): boolean {
  let found = asksIntrospection.get(document);
  if (found === undefined) {
    found = false;
    visit(document, {
      Field(node) {
        if (!INTROSPECTION_FIELDS.has(node.name.value)) return undefined;
        found = true;
        return BREAK;
      },
    });
    asksIntrospection.set(document, found);
  }
  return found;
}

/** Introspection is open in development; elsewhere only callers granted it (partners, staff) may use it. */
const guardIntrospection: ApolloServerPlugin<Ctx> = {
  async requestDidStart() {
    return {
      async didResolveOperation({ contextValue, document, operation }) {
        // A mutation reads its own writes: every read of the request goes to the primary.
        if (operation?.operation !== 'query') contextValue.writes = true;
        if (contextValue.canIntrospect || !introspects(document)) return;
        throw new GraphQLError('Introspection is not allowed for this caller', {
          extensions: { code: 'FORBIDDEN', http: { status: 403 } },
        });
      },
    };
  },
};

/**
 * Refuses documents with more than GRAPHQL_LIMITS.maxTokens tokens before Apollo parses them (400, the
 * GraphQL error shape). Lexing stops at the limit, so a huge document costs no more than a large one.
 */
export function tokenLimit(max: number = GRAPHQL_LIMITS.maxTokens, production = false): RequestHandler {
  return (req, res, next) => {
    // A POST's body; a GET's query string read as Apollo reads it (every `query` parameter, never the body).
    const query =
      req.method === 'GET'
        ? new URLSearchParams(req.originalUrl.split('?')[1] ?? '').getAll('query').join(' ')
        : (req.body as { query?: unknown } | undefined)?.query;
    if (typeof query !== 'string' || !query) return next();
    let count = 0;
    try {
      const lexer = new Lexer(new Source(query));
      while (lexer.advance().kind !== TokenKind.EOF) {
        if (++count > max) {
          res.status(400).json({
            errors: [
              {
                message: production ? 'Query too large' : `Query too large: more than ${max} tokens`,
                extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
              },
            ],
          });
          return;
        }
      }
    } catch {
      // A syntax error: Apollo reports it properly.
    }
    next();
  };
}

/** An error no resolver meant to throw (not an AppError, not a GraphQL validation error, not the database away). */
const unexpected = (original: unknown, code: unknown) =>
  Boolean(original) &&
  !(original instanceof AppError) &&
  !(original instanceof GraphQLError) &&
  !databaseUnavailable(original) &&
  (code === undefined || code === 'INTERNAL_SERVER_ERROR');

/**
 * The database away for a moment (decision 051): such errors read SERVICE_UNAVAILABLE (formatError), and an answer
 * with no data is a 503 with Retry-After, as REST's, so clients and balancers retry it.
 */
const answerUnavailable: ApolloServerPlugin<Ctx> = {
  async requestDidStart() {
    return {
      async willSendResponse({ response }) {
        if (response.body.kind !== 'single') return;
        const { data, errors } = response.body.singleResult;
        if (!data && errors?.some((e) => e.extensions?.code === 'SERVICE_UNAVAILABLE')) {
          response.http.status = 503;
          response.http.headers.set('Retry-After', String(RETRY_AFTER_SECONDS));
        }
      },
    };
  },
};

/**
 * A listed partner read (persisted.ts) sent with GET is cacheable as the catalogue's REST reads are (decision 051):
 * public for an anonymous caller, private for a signed-in one or a partner's key; anything else stays no-store.
 */
const cacheablePersistedReads: ApolloServerPlugin<Ctx> = {
  async requestDidStart() {
    return {
      async willSendResponse({ request, response, contextValue, operation }) {
        if (request.http?.method !== 'GET' || operation?.operation !== 'query') return;
        if (!isPersisted(request.extensions?.persistedQuery?.sha256Hash)) return;
        if (response.body.kind !== 'single' || response.body.singleResult.errors?.length) return;
        cacheableRead(contextValue.req, contextValue.res);
      },
    };
  },
};

/** Logs unexpected resolver errors with the request's logger (its request id) and the operation's name. */
const logUnexpected: ApolloServerPlugin<Ctx> = {
  async requestDidStart() {
    return {
      async didEncounterErrors({ contextValue, errors, operationName }) {
        for (const error of errors) {
          if (unexpected(error.originalError, error.extensions?.code))
            contextValue.log.error(
              { err: error.originalError, path: error.path, operation: operationName },
              'unexpected error in a GraphQL resolver',
            );
        }
      },
    };
  },
};

/**
 * What production answers keep to themselves: graphql-js's "Did you mean …?" suggestions (enum values, types,
 * arguments) and the figures of the limits ("… limit of 10 exceeded, found 12").
 */
export function withoutHints(message: string): string {
  return message
    .replace(/\s*Did you mean [^?]*\?/g, '')
    .replace(/ limit of \d+ exceeded, found \d+/g, ' limit exceeded')
    .replace(/: more than \d+ tokens/g, '');
}

/**
 * Maps thrown errors to the documented codes; anything unexpected becomes INTERNAL without details. In production,
 * messages give no suggestions and no limits (`withoutHints`).
 */
export function formatError(production = false) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const original = error instanceof GraphQLError ? error.originalError : error;
    if (original instanceof AppError) {
      return {
        message: original.message,
        path: formatted.path,
        extensions: { code: original.code, fields: original.fields },
      };
    }
    const code = formatted.extensions?.code;
    if (!(original instanceof AppError) && databaseUnavailable(original)) {
      const away = unavailable();
      return { message: away.message, path: formatted.path, extensions: { code: away.code } };
    }
    if (unexpected(original, code)) {
      return { message: 'Internal server error', path: formatted.path, extensions: { code: 'INTERNAL' } };
    }
    return {
      message: production ? withoutHints(formatted.message) : formatted.message,
      locations: formatted.locations,
      path: formatted.path,
      extensions: { code },
    };
  };
}

export async function createApolloServer(production = false): Promise<ApolloServer<Ctx>> {
  const armor = new ApolloArmor({
    // Depth and cost of the fields asked: a fragment spread is not a level of its own (a query split into fragments,
    // as the shop's generated ones are, is as deep and costs about as much as written inline); its fields count
    // where it is used.
    maxDepth: { n: GRAPHQL_LIMITS.maxDepth, ignoreIntrospection: true, flattenFragments: true },
    maxAliases: { n: GRAPHQL_LIMITS.maxAliases },
    // Counted in tokenLimit() below: armor's parser hook makes Apollo answer 500 instead of 400.
    maxTokens: { enabled: false },
    maxDirectives: { n: GRAPHQL_LIMITS.maxDirectives },
    costLimit: { maxCost: GRAPHQL_LIMITS.maxCost, ignoreIntrospection: true, flattenFragments: true },
    blockFieldSuggestion: { enabled: true },
  }).protect();
  const server = new ApolloServer<Ctx>({
    schema: getSchema(),
    ...armor,
    // No cache hints are used: Apollo's default cache-control plugin would only wrap every field's resolver to
    // compute a policy that is always "no-store" (app.ts sends that header for every /graphql answer).
    plugins: [
      ...armor.plugins,
      guardIntrospection,
      logUnexpected,
      answerUnavailable,
      cacheablePersistedReads,
      ApolloServerPluginCacheControlDisabled(),
    ],
    // Only the listed operations, the same in every process; nothing a client sends is kept.
    persistedQueries: { cache: persistedOperationStore },
    introspection: true,
    allowBatchedHttpRequests: false,
    includeStacktraceInErrorResponses: false,
    csrfPrevention: true,
    // main.ts owns shutdown: close HTTP, then Apollo, then the pool, then PostgreSQL.
    stopOnTerminationSignals: false,
    formatError: formatError(production),
  });
  await server.start();
  return server;
}
