import type { Db } from '../../db/database.ts';
import type { DocumentsTable } from '../../db/schema.ts';

export type DocumentRow = DocumentsTable;

export function createDocumentsRepo(db: Db) {
  return {
    async insert(document: DocumentRow): Promise<void> {
      await db.kysely.insertInto('documents').values(document).execute();
    },

    async findByPath(path: string): Promise<DocumentRow | undefined> {
      return db.kysely.selectFrom('documents').selectAll().where('path', '=', path).executeTakeFirst();
    },
  };
}
