/** `app_icons`: the logo uploaded for each portal app (forms-dp 3 "App Logo"). */
import type { Kysely } from 'kysely';
import type { Database } from '../database.js';

/** Reads and writes `app_icons`. */
export function createAppIconStore(db: Kysely<Database>) {
  return {
    async get(slug: string): Promise<{ contentType: string; bytes: Uint8Array } | undefined> {
      const row = await db
        .selectFrom('app_icons')
        .select(['content_type', 'bytes'])
        .where('slug', '=', slug)
        .executeTakeFirst();
      return row ? { contentType: row.content_type, bytes: row.bytes } : undefined;
    },
    async put(slug: string, contentType: string, bytes: Uint8Array, at: string): Promise<void> {
      await db.deleteFrom('app_icons').where('slug', '=', slug).execute();
      await db
        .insertInto('app_icons')
        .values({ slug, content_type: contentType, bytes: Buffer.from(bytes), updated_at: at })
        .execute();
    },
  };
}
