/**
 * PostgreSQL as Kysely speaks it, with one change: introspection reads only the connection's
 * own schema (`current_schema()`, which a `search_path` in the connection string chooses).
 *
 * Kysely's own introspector lists every column of every schema it may use and asks
 * `pg_get_serial_sequence` about each; on a database shared by several users (a test schema
 * per suite, or tenants of a managed PostgreSQL) another user's DDL at that moment fails our
 * migration with "column … of relation … does not exist" or "schema … does not exist" naming
 * something that is not ours. The migrator only needs to know whether its bookkeeping tables
 * exist in our schema, so our introspector never looks elsewhere.
 */
import {
  type DatabaseIntrospector,
  type DatabaseMetadataOptions,
  type DatabaseMetadata,
  type Kysely,
  PostgresDialect,
  type SchemaMetadata,
  type TableMetadata,
  sql,
} from 'kysely';

interface ColumnRow {
  table: string;
  table_type: string;
  schema: string;
  column: string | null;
  type: string | null;
  not_null: boolean | null;
  has_default: boolean | null;
  identity: string | null;
  default_expr: string | null;
}

/** Kysely's PostgresDialect whose introspector reads the current schema only. */
export class OwnSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db);
  }
}

const KYSELY_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

/** Tables, views and their columns in `current_schema()`; schemas by name. */
export class OwnSchemaIntrospector implements DatabaseIntrospector {
  constructor(private readonly db: Kysely<unknown>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`SELECT nspname AS name FROM pg_catalog.pg_namespace`.execute(this.db);
    return rows.map((row) => ({ name: row.name }));
  }

  async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    // A LEFT JOIN keeps a table without columns; dropped and system columns are left out.
    const { rows } = await sql<ColumnRow>`
      SELECT c.relname AS table, c.relkind AS table_type, ns.nspname AS schema,
             a.attname AS column, typ.typname AS type, a.attnotnull AS not_null,
             a.atthasdef AS has_default, a.attidentity AS identity,
             pg_get_expr(d.adbin, d.adrelid) AS default_expr
      FROM pg_catalog.pg_class c
      JOIN pg_catalog.pg_namespace ns ON ns.oid = c.relnamespace
      LEFT JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
      LEFT JOIN pg_catalog.pg_type typ ON typ.oid = a.atttypid
      LEFT JOIN pg_catalog.pg_attrdef d ON d.adrelid = c.oid AND d.adnum = a.attnum
      WHERE ns.nspname = current_schema() AND c.relkind IN ('r', 'v', 'p')
      ORDER BY c.relname, a.attnum`.execute(this.db);
    const tables = new Map<string, TableMetadata & { columns: TableMetadata['columns'][number][] }>();
    for (const row of rows) {
      if (!options.withInternalKyselyTables && KYSELY_TABLES.has(row.table)) continue;
      let table = tables.get(row.table);
      if (!table) {
        table = { name: row.table, schema: row.schema, isView: row.table_type === 'v', columns: [] };
        tables.set(row.table, table);
      }
      if (row.column === null) continue;
      table.columns.push({
        name: row.column,
        dataType: row.type ?? 'unknown',
        isNullable: !row.not_null,
        hasDefaultValue: row.has_default === true,
        isAutoIncrementing: (row.identity ?? '') !== '' || (row.default_expr ?? '').startsWith('nextval('),
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}
