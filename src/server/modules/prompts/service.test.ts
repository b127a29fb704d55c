import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAiAnswers, startOpenAiFake, type OpenAiFake } from '#test-fakes/openai-fake.ts';
import { createOpenAiCompatiblePromptHelper } from '../../providers/ai/llm/openai-compatible-prompt-helper.ts';
import { createLocalPromptHelper } from '../../providers/ai/local-prompt-helper.ts';
import { createPromptService } from './service.ts';

const brand = { voice: 'Calm and honest', avoidWords: ['cheap', 'Best ever', 'table'], colours: [{ name: 'Navy', hex: '#1A2B3C' }] };

describe('prompts on-brand: no word to avoid comes back, whichever helper answered', () => {
  let llm: OpenAiFake;
  beforeAll(async () => {
    llm = await startOpenAiFake();
  });
  afterAll(async () => {
    await llm.close();
  });

  it('takes them out of what the chat model wrote, although it was told not to use them', async () => {
    const prompts = createPromptService({ helper: createOpenAiCompatiblePromptHelper({ baseUrl: llm.url, apiKey: 'sk-test-key' }) });
    llm.enqueue(
      openAiAnswers.content('A cheap-looking? No: a BEST EVER navy mug, not cheap, on oak'),
      openAiAnswers.content('Cheap navy mug at night'),
    );
    expect((await prompts.enhance('mug', 'image', brand)).prompt).toBe('A cheap-looking? No: a navy mug, not, on oak');
    expect((await prompts.rewrite('mug', 'night', 'image', brand)).prompt).toBe('navy mug at night');
  });

  it("takes them out of the built-in helper's words too (its table settings)", async () => {
    const prompts = createPromptService({ helper: createLocalPromptHelper() });
    const plain = await prompts.enhance('ceramic mug on a table', 'image');
    const onBrand = await prompts.enhance('ceramic mug on a table', 'image', brand);
    expect(plain.prompt).toMatch(/\btable\b/);
    expect(onBrand.prompt).not.toMatch(/\btable\b/i);
    expect(onBrand.prompt).toContain('calm, honest mood');
    expect(onBrand.prompt).toContain('brand colours navy');
  });
});
