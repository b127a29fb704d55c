import { standardModelCatalogue } from '#contracts/standard-models.ts';
import type { DbOrTx } from './client.ts';
import { aiModels } from './schema/index.ts';

/** The standard-model catalogue as rows; inserted once, never overwritten (an admin may deactivate one). */
export async function seedStandardModels(db: DbOrTx): Promise<void> {
  const rows = standardModelCatalogue.map((m) => ({
    slug: m.slug,
    name: m.name,
    apiEndpoint: `/v1/${m.slug}`,
    category: m.category,
    sortOrder: m.sortOrder,
    description: m.description,
  }));
  await db.insert(aiModels).values(rows).onConflictDoNothing({ target: aiModels.slug });
}
