import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, json, on, type FakeHandler } from '#test-support/web/fake-api.ts';
import { renderWithQueryClient } from '../testing/render.tsx';
import { SubjectInput } from './subject-input.tsx';
import { videoStudioTexts } from '../texts.ts';
import { enhancePrompt } from '#contracts/routes.ts';

/** The field as the page holds it: the subject lives in the page's state. */
function Harness({ initial, onInspire, onRewrite }: { initial: string; onInspire: () => void; onRewrite: () => void }) {
  const [subject, setSubject] = useState(initial);
  return <SubjectInput id="subject" value={subject} onChange={setSubject} onInspire={onInspire} onRewrite={onRewrite} />;
}

function renderInput(initial = '', handler: FakeHandler = () => json(200, { prompt: 'white leather sneaker', helper: 'local' })) {
  const api = fakeApi(on(enhancePrompt, handler));
  const onInspire = vi.fn<() => void>();
  const onRewrite = vi.fn<() => void>();
  renderWithQueryClient(<Harness initial={initial} onInspire={onInspire} onRewrite={onRewrite} />);
  return { api, onInspire, onRewrite, user: userEvent.setup() };
}

const subjectBox = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Subject' });
const enhanceButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Enhance subject with AI' });
const rewriteButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Rewrite' });

afterEach(() => vi.unstubAllGlobals());

describe('Subject input', () => {
  it('is a labelled short field asking for one or two words', async () => {
    const { user } = renderInput();
    expect(subjectBox().placeholder).toBe('Describe the subject in 1-2 words, e.g. sneaker');
    expect(subjectBox().maxLength).toBe(200);
    await user.type(subjectBox(), 'mug');
    expect(subjectBox().value).toBe('mug');
  });

  it('enables Rewrite and Enhance only with a subject, and calls the page for Get Inspired and Rewrite', async () => {
    const { onInspire, onRewrite, user } = renderInput();
    expect(rewriteButton().disabled).toBe(true);
    expect(enhanceButton().disabled).toBe(true);
    await user.type(subjectBox(), '   ');
    expect(rewriteButton().disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Get Inspired' }));
    expect(onInspire).toHaveBeenCalledOnce();

    await user.clear(subjectBox());
    await user.type(subjectBox(), 'sneaker');
    expect(rewriteButton().disabled).toBe(false);
    expect(enhanceButton().disabled).toBe(false);
    await user.click(rewriteButton());
    expect(onRewrite).toHaveBeenCalledOnce();
  });

  it('enhances the subject as a video prompt, busy meanwhile, and replaces it', async () => {
    let reply!: () => void;
    const { api, user } = renderInput(
      'sneaker',
      () =>
        new Promise<Response>((resolve) => {
          reply = () => resolve(json(200, { prompt: ' white leather sneaker ', helper: 'local' }));
        }),
    );
    await user.click(enhanceButton());
    await waitFor(() => expect(enhanceButton().getAttribute('aria-busy')).toBe('true'));
    expect(enhanceButton().disabled).toBe(true);
    expect(subjectBox().disabled).toBe(true);
    expect(rewriteButton().disabled).toBe(true);
    expect(api.calls(enhancePrompt).map((c) => c.body)).toEqual([{ prompt: 'sneaker', kind: 'video' }]);

    reply();
    await waitFor(() => expect(subjectBox().value).toBe('white leather sneaker'));
    expect(enhanceButton().getAttribute('aria-busy')).toBeNull();
    expect(subjectBox().disabled).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says the subject was enhanced, or that the assistant left it unchanged', async () => {
    let unchanged = false;
    const { user } = renderInput('sneaker', () =>
      json(200, { prompt: unchanged ? 'sneaker' : 'white leather sneaker', helper: 'local', unchanged }),
    );
    await user.click(enhanceButton());
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Enhanced with AI assistance'));
    unchanged = true;
    await user.clear(subjectBox());
    await user.type(subjectBox(), 'sneaker');
    expect(screen.getByRole('status').textContent).toBe('');
    await user.click(enhanceButton());
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Already clear: the AI assistant left it unchanged.'));
    expect(subjectBox().value).toBe('sneaker');
  });

  it.each([
    ['the API fails', () => apiError(502, 'PROVIDER_FAILED', 'Failed to enhance prompt: The assistant is busy')],
    ['the answer is empty', () => json(200, { prompt: '  ', helper: 'local' })],
  ])("says 'Failed to enhance subject' when %s and keeps the subject", async (_name, handler) => {
    const { user } = renderInput('sneaker', handler);
    await user.click(enhanceButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(videoStudioTexts.enhanceFailed);
    expect(subjectBox().value).toBe('sneaker');
    expect(subjectBox().getAttribute('aria-invalid')).toBe('true');
    expect(subjectBox().getAttribute('aria-describedby')).toBe(alert.id);

    // Typing clears the error.
    await user.type(subjectBox(), 's');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(subjectBox().getAttribute('aria-invalid')).toBeNull();
  });
});
