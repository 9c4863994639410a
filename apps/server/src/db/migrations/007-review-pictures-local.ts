import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Reviews show only pictures this store serves: one whose picture was a link to another site
 * (a tracking pixel on the home page) shows the default avatar instead. Uploaded pictures
 * (/uploads/) and the demo avatars (/images/) stay. Not undone: the links are not kept.
 */
export const reviewPicturesLocal: Migration = {
  async up(db: Kysely<any>) {
    await db
      .updateTable('review')
      .set({ img: '' })
      .where(sql<boolean>`img <> '' and img not like '/uploads/%' and img not like '/images/%'`)
      .execute();
  },
  async down() {},
};
