import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, on } from '#test-support/web/fake-api.ts';
import { brandKitChoiceRoutes, MAIN_KIT_ID } from '../../lib/brand-kits/testing/fixtures.ts';
import { FakeEventSource } from '../../lib/generation/testing/fake-event-source.ts';
import { brandKitChoiceTexts } from '../../lib/texts.ts';
import { editorServer, renderEditor, variationsRoute } from './testing/editor-server.tsx';
import { createImageVariations, enhancePrompt, rewritePrompt } from '#contracts/routes.ts';

const promptBox = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: /Prompt/ });

beforeEach(() => FakeEventSource.reset());

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("Create image: 'Use brand kit'", () => {
  it('sends the default kit with Enhance, Rewrite and Generate, and none once "No brand kit" is chosen', async () => {
    const api = editorServer([
      ...brandKitChoiceRoutes(),
      on(createImageVariations, variationsRoute()),
      on(enhancePrompt, () => json(200, { prompt: 'red mug, warm mood', helper: 'local', unchanged: false })),
      on(rewritePrompt, () => json(200, { prompt: 'red mug on a beach, warm mood', helper: 'local' })),
    ]);
    const user = userEvent.setup();
    renderEditor();
    await screen.findByRole('radio', { name: /Klipt Ultra 1\.1/ });
    const kit = await screen.findByLabelText<HTMLSelectElement>(brandKitChoiceTexts.label);
    await waitFor(() => expect(kit.value).toBe(MAIN_KIT_ID));

    await user.type(promptBox(), 'red mug');
    await user.click(screen.getByRole('button', { name: /Enhance/ }));
    await waitFor(() => expect(api.calls(enhancePrompt)).toHaveLength(1));
    expect(api.calls(enhancePrompt)[0]!.body).toMatchObject({ prompt: 'red mug', brandKitId: MAIN_KIT_ID });
    await waitFor(() => expect(promptBox().value).toBe('red mug, warm mood'));

    await user.click(screen.getByRole('button', { name: /Rewrite/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox'), 'on a beach');
    await user.click(within(dialog).getByRole('button', { name: /Rewrite/ }));
    await waitFor(() => expect(api.calls(rewritePrompt)).toHaveLength(1));
    expect(api.calls(rewritePrompt)[0]!.body).toMatchObject({ goal: 'on a beach', brandKitId: MAIN_KIT_ID });
    await waitFor(() => expect(promptBox().value).toBe('red mug on a beach, warm mood'));

    await user.click(screen.getByRole('button', { name: /^Generate/ }));
    await waitFor(() => expect(api.calls(createImageVariations)).toHaveLength(1));
    expect(api.calls(createImageVariations)[0]!.body).toMatchObject({ prompt: 'red mug on a beach, warm mood', brandKitId: MAIN_KIT_ID });
  });

  it('"No brand kit" sends no kit', async () => {
    const api = editorServer([...brandKitChoiceRoutes(), on(createImageVariations, variationsRoute())]);
    const user = userEvent.setup();
    renderEditor();
    await screen.findByRole('radio', { name: /Klipt Ultra 1\.1/ });
    const kit = await screen.findByLabelText<HTMLSelectElement>(brandKitChoiceTexts.label);
    await waitFor(() => expect(kit.value).toBe(MAIN_KIT_ID));
    await user.selectOptions(kit, brandKitChoiceTexts.none);
    await user.type(promptBox(), 'red mug');
    await user.click(screen.getByRole('button', { name: /^Generate/ }));
    await waitFor(() => expect(api.calls(createImageVariations)).toHaveLength(1));
    expect(api.calls(createImageVariations)[0]!.body).not.toHaveProperty('brandKitId');
  });
});
