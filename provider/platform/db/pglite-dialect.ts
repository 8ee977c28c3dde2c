/**
 * Kysely over PGlite with prepared statements (docs/decisions/0011-pglite-prepared-statements.md).
 *
 * PGlite's own `query()` sends an unnamed statement in six separate calls into the database (parse,
 * describe, bind, describe, execute, sync), so every query is parsed and planned again; for the provider's
 * short queries that overhead is most of their cost. Here each distinct SQL text of a data statement is
 * prepared once as a named statement (its parameter and result types read then), and every execution is
 * one call: bind, execute and sync in one message. PostgreSQL keeps the statement's plan (re-planning it
 * by itself when the schema changes). Other statements without parameters (transaction control, DDL) go as one
 * simple-query message, which may hold several statements (the job queue's maintenance sends `BEGIN; …; COMMIT;`
 * as one text, docs/decisions/0015-job-queue-and-clock.md): PGlite's `exec()` answers the same but costs about ten
 * times as much per call, and every transaction sends two (decision 0919). Other statements with parameters go
 * through `query()`.
 *
 * PGlite is one connection: executions are serialised, as kysely-pglite-dialect does, with the driver's own
 * queue, and each one also holds PGlite's query lock so that nothing else interleaves with it.
 */
import { protocol, type ExecProtocolResult, type PGlite } from "@electric-sql/pglite";
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from "kysely";

/** How many prepared statements are kept; the least recently used one is closed beyond it. */
const STATEMENT_CACHE_SIZE = 500;
/** Statements worth preparing: those that read or change data. */
const DATA_STATEMENT = /^\s*\(?\s*(select|insert|update|delete|with)\b/i;
/** PostgreSQL's answer when a statement's result columns changed under it (feature_not_supported). */
const CACHED_PLAN_CHANGED = "0A000";

interface Prepared {
  name: string;
  parameterTypes: number[];
  /** The result's columns (none for a statement without rows). */
  fields: { name: string; dataTypeID: number }[];
}

interface Executed {
  rows: Record<string, unknown>[];
  affectedRows: number;
}

/** Rows changed, from the command tag ("INSERT 0 3", "UPDATE 2", "DELETE 1"). */
function affectedRows(tag: string): number {
  const [command, first, second] = tag.split(" ");
  if (command === "INSERT") return Number(second);
  return command === "UPDATE" || command === "DELETE" || command === "MERGE" ? Number(first) : 0;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const message = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    message.set(part, offset);
    offset += part.length;
  }
  return message;
}

class PreparingConnection implements DatabaseConnection {
  /** SQL text → its prepared statement, least recently used first (a Map keeps insertion order). */
  private readonly statements = new Map<string, Prepared>();
  /** Statements evicted from the cache, closed with the next message sent. */
  private closing: string[] = [];
  private counter = 0;

  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const parameters = [...compiled.parameters];
    const results = DATA_STATEMENT.test(compiled.sql)
      ? await this.executePrepared(compiled.sql, parameters)
      : parameters.length === 0
        ? await this.runText(compiled.sql)
        : await this.pglite.query<Record<string, unknown>>(compiled.sql, parameters);
    const rows = results.rows as R[];
    return results.affectedRows ? { rows, numAffectedRows: BigInt(results.affectedRows) } : { rows };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("Streaming queries is not supported on PGlite.");
  }

  private async executePrepared(sql: string, parameters: unknown[]): Promise<Executed> {
    try {
      return await this.runPrepared(sql, parameters);
    } catch (error) {
      if ((error as { code?: string }).code !== CACHED_PLAN_CHANGED) throw error;
      this.forget(sql);
      return this.runPrepared(sql, parameters);
    }
  }

  private runPrepared(sql: string, parameters: unknown[]): Promise<Executed> {
    return this.pglite.runExclusive(async () => {
      const statement = this.statements.get(sql) ?? (await this.prepare(sql));
      // Most recently used last.
      this.statements.delete(sql);
      this.statements.set(sql, statement);
      const values = parameters.map((value, index) => this.serialise(value, statement.parameterTypes[index]));
      const { messages } = await this.pglite.execProtocol(
        concat([
          ...this.takeClosing(),
          protocol.serialize.bind({ statement: statement.name, values }),
          protocol.serialize.execute({}),
          protocol.serialize.sync(),
        ]),
      );
      return this.read(messages, statement.fields);
    });
  }

  /**
   * A text of statements without parameters, as one simple-query message. It answers what `exec()` would: the
   * rows of the last statement, and the rows changed by all of them.
   */
  private runText(sql: string): Promise<Executed> {
    return this.pglite.runExclusive(async () => {
      const { messages } = await this.pglite.execProtocol(concat([...this.takeClosing(), protocol.serialize.query(sql)]));
      let fields: Prepared["fields"] = [];
      let rows: Record<string, unknown>[] = [];
      let last: Record<string, unknown>[] = [];
      let changed = 0;
      for (const message of messages) {
        if (message instanceof protocol.messages.RowDescriptionMessage) {
          fields = message.fields.map((field) => ({ name: field.name, dataTypeID: field.dataTypeID }));
        } else if (message instanceof protocol.messages.DataRowMessage) {
          rows.push(this.rowOf(message, fields));
        } else if (message instanceof protocol.messages.CommandCompleteMessage) {
          changed += affectedRows(message.text);
          last = rows;
          rows = [];
        }
      }
      return { rows: last, affectedRows: changed };
    });
  }

  /** The rows (each value parsed by its type's parser, as PGlite's `query()` does) and the rows changed. */
  private read(messages: ExecProtocolResult["messages"], fields: Prepared["fields"]): Executed {
    const rows: Record<string, unknown>[] = [];
    let changed = 0;
    for (const message of messages) {
      if (message instanceof protocol.messages.DataRowMessage) {
        rows.push(this.rowOf(message, fields));
      } else if (message instanceof protocol.messages.CommandCompleteMessage) {
        changed += affectedRows(message.text);
      }
    }
    return { rows, affectedRows: changed };
  }

  private rowOf(message: InstanceType<typeof protocol.messages.DataRowMessage>, fields: Prepared["fields"]): Record<string, unknown> {
    const row: Record<string, unknown> = {};
    message.fields.forEach((value, index) => {
      const { name, dataTypeID } = fields[index];
      const parser = this.pglite.parsers[dataTypeID];
      row[name] = value === null ? null : parser ? parser(value, dataTypeID) : value;
    });
    return row;
  }

  /** Prepares `sql` as a named statement and learns its parameter types. Runs under the query lock. */
  private async prepare(sql: string): Promise<Prepared> {
    const name = `kysely_${++this.counter}`;
    const { messages } = await this.pglite.execProtocol(
      concat([
        ...this.takeClosing(),
        protocol.serialize.parse({ name, text: sql, types: [] }),
        protocol.serialize.describe({ type: "S", name }),
        protocol.serialize.sync(),
      ]),
    );
    let parameterTypes: number[] = [];
    let fields: Prepared["fields"] = [];
    for (const message of messages) {
      if (message instanceof protocol.messages.ParameterDescriptionMessage) parameterTypes = message.dataTypeIDs;
      if (message instanceof protocol.messages.RowDescriptionMessage) {
        fields = message.fields.map((field) => ({ name: field.name, dataTypeID: field.dataTypeID }));
      }
    }
    const statement = { name, parameterTypes, fields };
    this.statements.set(sql, statement);
    if (this.statements.size > STATEMENT_CACHE_SIZE) {
      const [oldest] = this.statements.keys();
      this.forget(oldest);
    }
    return statement;
  }

  private forget(sql: string): void {
    const statement = this.statements.get(sql);
    if (!statement) return;
    this.statements.delete(sql);
    this.closing.push(statement.name);
  }

  private takeClosing(): Uint8Array[] {
    const names = this.closing;
    this.closing = [];
    return names.map((name) => protocol.serialize.close({ type: "S", name }));
  }

  /** As PGlite's `query()` turns a parameter into text: by the serialiser of its type, else its string. */
  private serialise(value: unknown, type: number | undefined): string | null {
    if (value === null || value === undefined) return null;
    const serialiser = type === undefined ? undefined : this.pglite.serializers[type];
    return serialiser ? serialiser(value) : String(value);
  }
}

class PreparingDriver implements Driver {
  private readonly connection: PreparingConnection;
  private busy = false;
  private readonly waiting: ((connection: DatabaseConnection) => void)[] = [];

  constructor(private readonly pglite: PGlite) {
    this.connection = new PreparingConnection(pglite);
  }

  async init(): Promise<void> {
    await this.pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    if (!this.busy) {
      this.busy = true;
      return this.connection;
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  async releaseConnection(): Promise<void> {
    const next = this.waiting.shift();
    if (next) next(this.connection);
    else this.busy = false;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const begin = settings.isolationLevel ? `start transaction isolation level ${settings.isolationLevel}` : "begin";
    await connection.executeQuery(CompiledQuery.raw(begin));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("commit"));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("rollback"));
  }

  async destroy(): Promise<void> {
    await this.pglite.close();
  }
}

export class PGlitePreparingDialect implements Dialect {
  constructor(private readonly pglite: PGlite) {}

  createAdapter() {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PreparingDriver(this.pglite);
  }

  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
}
