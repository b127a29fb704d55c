import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { standardModelCategories, trainedModelTypes } from '#contracts/model-kinds.ts';
import { users } from './auth.ts';
import { workspaces } from './workspaces.ts';
import { inList } from './sql-helpers.ts';

/** Standard models (the spec's ai_models). `slug` names the provider endpoint. */
export const aiModels = pgTable(
  'ai_models',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique('ai_models_slug_unique'),
    name: text('name').notNull().unique('ai_models_name_unique'),
    apiEndpoint: text('api_endpoint').notNull(),
    description: text('description').notNull().default(''),
    category: text('category', { enum: standardModelCategories }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('ai_models_category_check', sql`${t.category} in ${inList(standardModelCategories)}`),
    index('ai_models_order_idx').on(t.sortOrder, t.createdAt),
  ],
);

export const trainedModels = pgTable(
  'trained_models',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The member who made it; null for rows nobody owns (built-in models). */
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** The workspace it belongs to; null for the platform's own models, which only super admins manage. */
    workspaceId: uuid('workspace_id').references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type', { enum: trainedModelTypes }).notNull(),
    baseModel: text('base_model').notNull(),
    testPrompt: text('test_prompt'),
    triggerWord: text('trigger_word'),
    isPublic: boolean('is_public').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('trained_models_type_check', sql`${t.type} in ${inList(trainedModelTypes)}`),
    index('trained_models_public_created_idx')
      .on(t.createdAt.desc())
      .where(sql`${t.isPublic}`),
    index('trained_models_type_created_idx').on(t.type, t.createdAt.desc()),
    index('trained_models_created_idx').on(t.createdAt.desc()),
    index('trained_models_owner_idx').on(t.ownerId),
    index('trained_models_workspace_idx').on(t.workspaceId),
  ],
);

/** finetune_id, finetune_strength, safety_tolerance, output_format, image_prompt_strength. */
export const trainedModelAttributes = pgTable(
  'trained_model_attributes',
  {
    modelId: uuid('model_id')
      .notNull()
      .references(() => trainedModels.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    value: text('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.modelId, t.name] })],
);
