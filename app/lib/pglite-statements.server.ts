/**
 * PGlite with its statements kept prepared (ADR 0062).
 *
 * PGlite's `query()` parses, analyses and plans every statement afresh: an unnamed Parse, a
 * Describe for its parameter types, then Bind, Describe, Execute and Sync. In PostgreSQL compiled
 * to WebAssembly the parse analysis is most of a short statement's time: the session lookup (a
 * join of eight tables) took 5.4 ms, of which 0.3 ms was its run, and the editor page's seven
 * statements 13 ms. Kept as named prepared statements of the one embedded session, the same
 * statements take 0.9 ms and 5 ms.
 *
 * This is what a server-side prepared statement cache does in other drivers (PgJDBC's
 * prepareThreshold, Npgsql's auto-prepare): a statement text is parsed once, given a name, and
 * later runs only Bind and Execute. PostgreSQL plans its first five runs with their values and then
 * keeps a generic plan only when it costs no more than those; a change of schema makes it parse
 * and plan the statement again by itself.
 *
 * Only statements that read or write rows are kept (select, insert, update, delete, with), up to
 * KEPT_TEXT_MAX characters. DDL, transaction control, SET and COPY, a bulk insert, and a query
 * with options beyond a row mode and parsers go through PGlite's own `query()` unchanged. At most
 * KEPT_MAX texts are kept; the least recently used is closed when another is prepared, so texts
 * built from a viewer's details (an IN list per supported creator) cannot grow the session's
 * statements without bound.
 *
 * The messages are PGlite's own (`protocol.serialize`), run through its `execProtocolStream`
 * (which also delivers notifications, as for its queries) under its two locks, as `query()` takes
 * them; the rows are read by its `parseResults`, with its parsers and the caller's.
 */
import { parse, type PGlite, protocol, type QueryOptions, type Results, type Transaction } from "@electric-sql/pglite";

const { serialize } = protocol;

/** Statement texts kept prepared at most (the least recently used is closed past it). */
export const KEPT_MAX = 300;

/**
 * The longest text kept, in characters. Search's longest statement is under 9,000; a bulk insert
 * (an import's 500 rows, thousands of parameters) is far longer, is rarely run twice with the same
 * row count, and its plan would be held by the session until the cap closed it.
 */
export const KEPT_TEXT_MAX = 16 * 1024;

/** Statements that read or write rows: what a kept statement may be (after leading comments and spaces). */
const KEPT_TEXT = /^\s*(?:--[^\n]*\n\s*)*(?:select|insert|update|delete|with)\b/i;

/** SQLSTATE feature_not_supported: what PostgreSQL answers a prepared statement whose result type the schema changed. */
const OUTDATED_PLAN = "0A000";

interface Kept {
  name: string;
  /** The parameters' types as PostgreSQL inferred them at Parse: the serializers the values need. */
  paramTypes: number[];
}

/** The parts of PGlite's client Drizzle's driver uses: queries and transactions. */
export interface KeptClient {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
}

/**
 * The statements kept in one PGlite's session, whichever client prepared them: the database of a
 * PGlite may be opened more than once (`createDatabase({ pglite })`), and the session's names are one.
 */
interface SessionStatements {
  /** By text, in order of last use: the first is the least recent. */
  kept: Map<string, Kept>;
  serial: number;
}
const sessions = new WeakMap<PGlite, SessionStatements>();

function statementsOf(pg: PGlite): SessionStatements {
  let statements = sessions.get(pg);
  if (!statements) sessions.set(pg, (statements = { kept: new Map(), serial: 0 }));
  return statements;
}

/** What a kept statement may be: a row statement of at most KEPT_TEXT_MAX characters, with no options beyond a row mode and parsers. */
const keepable = (text: string, options?: QueryOptions) =>
  text.length <= KEPT_TEXT_MAX && KEPT_TEXT.test(text) && (!options || Object.keys(options).every((key) => key === "rowMode" || key === "parsers"));

/**
 * A client for Drizzle over `pg` whose row statements are kept prepared, in and out of
 * transactions. Everything else about the database (notifications, dumps, closing) stays with `pg`.
 */
export function keptStatementsClient(pg: PGlite, max = KEPT_MAX): KeptClient {
  const statements = statementsOf(pg);
  const { kept } = statements;

  const step = (message: Uint8Array) => pg.execProtocolStream(message, { syncToFs: false });

  /**
   * Runs `text` as a kept statement; the caller holds PGlite's query lock. `again`: outside a
   * transaction, a statement whose plan the schema has outdated is prepared again and run once more.
   */
  async function run<T>(text: string, params: unknown[], options: QueryOptions | undefined, again: boolean): Promise<Results<T>> {
    const messages: Awaited<ReturnType<typeof step>> = [];
    let statement: Kept | undefined;
    let outdated = false;
    try {
      statement = kept.get(text);
      if (statement) {
        kept.delete(text);
        kept.set(text, statement);
      } else {
        if (kept.size >= max) {
          const [oldestText, oldest] = kept.entries().next().value!;
          kept.delete(oldestText);
          await step(serialize.close({ type: "S", name: oldest.name }));
        }
        const name = `kept_${++statements.serial}`;
        await step(serialize.parse({ name, text }));
        statement = { name, paramTypes: parse.parseDescribeStatementResults(await step(serialize.describe({ type: "S", name }))) };
        kept.set(text, statement);
      }
      const types = statement.paramTypes;
      // As PGlite's query() sends values: its serializer for the inferred type, else the value's text.
      const values = params.map((value, i) => (value == null ? null : (pg.serializers[types[i]]?.(value) ?? String(value))));
      messages.push(...(await step(serialize.bind({ statement: statement.name, values }))));
      messages.push(...(await step(serialize.describe({ type: "P" }))));
      messages.push(...(await step(serialize.execute({}))));
    } catch (error) {
      // "cached plan must not change result type": a column was added to or dropped from what a kept
      // `select *` reads since it was prepared. The statement is forgotten, and made again from its text.
      outdated = error instanceof Error && "code" in error && error.code === OUTDATED_PLAN && /cached plan/.test(error.message) && statement !== undefined;
      if (outdated) kept.delete(text);
      if (!(outdated && again) && error instanceof Error && "code" in error) {
        // As PGlite's query() reports a failed statement: the error carries its text and values.
        Object.assign(error, { query: text, params, queryOptions: options });
      }
      if (!(outdated && again)) throw error;
    } finally {
      // Ends the extended-protocol exchange, after an error too (the backend skips to it).
      messages.push(...(await step(serialize.sync())));
      if (outdated) {
        await step(serialize.close({ type: "S", name: statement!.name }));
        await step(serialize.sync());
      }
    }
    if (outdated) return run<T>(text, params, options, false);
    // The caller's parsers over PGlite's, by the prototype chain: parseResults given both copies all of
    // PGlite's (one per type and array type) into a new object for every statement, 0.15 ms each here.
    const parsers = options?.parsers ? Object.assign(Object.create(pg.parsers) as typeof pg.parsers, options.parsers) : pg.parsers;
    return parse.parseResults(messages, parsers, { rowMode: options?.rowMode })[0] as Results<T>;
  }

  const query = async <T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> => {
    if (!keepable(text, options)) return pg.query<T>(text, params, options);
    await pg._checkReady();
    // The locks PGlite's query() takes: no transaction of another caller is open meanwhile.
    return pg._runExclusiveTransaction(() =>
      pg._runExclusiveQuery(async () => {
        const result = await run<T>(text, params, options, true);
        await pg.syncToFs();
        return result;
      }),
    );
  };

  const transaction = <T>(fn: (tx: Transaction) => Promise<T>): Promise<T> =>
    pg.transaction((tx) =>
      fn({
        ...tx,
        get closed() {
          return tx.closed;
        },
        query: <R>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<R>> => {
          if (!keepable(text, options)) return tx.query<R>(text, params, options);
          if (tx.closed) throw new Error("Transaction is closed");
          // The transaction holds PGlite's transaction lock; each statement takes its query lock, as tx.query does.
          return pg._runExclusiveQuery(() => run<R>(text, params, options, false));
        },
      }),
    );

  return { query, transaction };
}
