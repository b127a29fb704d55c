import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';
import { trainedModelAttributes, trainedModels } from './schema/index.ts';

/** Platform demo models (no owner, public) so the Trained Models tab is never empty. */
export const demoTrainedModels = [
  {
    name: 'Aurora Skincare',
    type: 'product' as const,
    triggerWord: 'AURSKIN',
    testPrompt: 'AURSKIN serum bottle on wet stone, morning light, water droplets',
    finetuneId: 'klipt-demo-aurora-skincare',
  },
  {
    name: 'Nova Studio Look',
    type: 'style' as const,
    triggerWord: 'NOVASTYLE',
    testPrompt: 'a sneaker in NOVASTYLE, bold shadows, saturated colour blocking',
    finetuneId: 'klipt-demo-nova-style',
  },
  {
    name: 'Maya Brand Model',
    type: 'character' as const,
    triggerWord: 'MAYAMODEL',
    testPrompt: 'MAYAMODEL wearing a linen summer dress in a garden',
    finetuneId: 'klipt-demo-maya-model',
  },
  {
    name: 'Urban Street Scenes',
    type: 'general' as const,
    triggerWord: 'URBSTREET',
    testPrompt: 'URBSTREET city sidewalk at dusk with a coffee cup on a bench',
    finetuneId: 'klipt-demo-urban-street',
  },
];

export async function seedTrainedModels(db: DbOrTx): Promise<void> {
  for (const [i, demo] of demoTrainedModels.entries()) {
    const existing = await db
      .select({ id: trainedModels.id })
      .from(trainedModels)
      .where(and(eq(trainedModels.name, demo.name), isNull(trainedModels.ownerId)))
      .limit(1);
    if (existing.length > 0) continue;
    const [row] = await db
      .insert(trainedModels)
      .values({
        name: demo.name,
        type: demo.type,
        baseModel: 'flux-pro-1.1-ultra',
        triggerWord: demo.triggerWord,
        testPrompt: demo.testPrompt,
        isPublic: true,
        // Spread over the last days so "newest first" has a stable order.
        createdAt: new Date(Date.UTC(2026, 10, 1 + i)),
      })
      .returning({ id: trainedModels.id });
    await db.insert(trainedModelAttributes).values([
      { modelId: row!.id, name: 'finetune_id', value: demo.finetuneId },
      { modelId: row!.id, name: 'finetune_strength', value: '1.1' },
      { modelId: row!.id, name: 'safety_tolerance', value: '2' },
      { modelId: row!.id, name: 'output_format', value: 'png' },
      { modelId: row!.id, name: 'image_prompt_strength', value: '0.1' },
    ]);
  }
}
