/** `templates` (tables/templates.ts): shared workflow templates, read by anyone holding the id. */
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../database.js';
import type { TemplatesTable } from '../tables/templates.js';

/** A stored template (icons and document still JSON columns). */
export type TemplateRow = Selectable<TemplatesTable>;

/** Reads and writes `templates`. */
export interface TemplatesRepo {
  find(id: string): Promise<TemplateRow | undefined>;
  insert(row: TemplateRow): Promise<void>;
}

/** Builds the repository over a database or a transaction. */
export function createTemplatesRepo(db: Kysely<Database>): TemplatesRepo {
  return {
    find(id) {
      return db.selectFrom('templates').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async insert(row) {
      await db.insertInto('templates').values(row).execute();
    },
  };
}
