import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { promptMessages } from '#contracts/prompts.ts';
import { apiError, fakeApi, json, on, type FakeHandler } from '#test-support/web/fake-api.ts';
import { renderWithQueryClient } from '../testing/render.tsx';
import { RewriteSubjectDialog } from './rewrite-subject-dialog.tsx';
import { videoStudioTexts } from '../texts.ts';
import { rewritePrompt } from '#contracts/routes.ts';

/** The dialog as the page holds it: open, with the subject the page keeps. */
function Harness({ subject, onRewritten }: { subject: string; onRewritten: (subject: string) => void }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open rewrite
      </button>
      <RewriteSubjectDialog open={open} onOpenChange={setOpen} subject={subject} onRewritten={onRewritten} />
    </>
  );
}

function renderDialog(handler: FakeHandler, subject = 'sneaker') {
  const api = fakeApi(on(rewritePrompt, handler));
  const onRewritten = vi.fn<(subject: string) => void>();
  renderWithQueryClient(<Harness subject={subject} onRewritten={onRewritten} />);
  const dialog = screen.getByRole('dialog', { name: 'Rewrite Subject' });
  return { api, onRewritten, dialog, user: userEvent.setup() };
}

const changeBox = (dialog: HTMLElement) => within(dialog).getByRole('textbox', { name: videoStudioTexts.rewriteChangePrompt });
const submitButton = (dialog: HTMLElement) =>
  within(dialog).getByRole<HTMLButtonElement>('button', { name: /Rewrite Subject|Rewriting\.\.\./ });

const answer = (prompt: string) => () => json(200, { prompt, helper: 'local' });

afterEach(() => vi.unstubAllGlobals());

describe('Rewrite Subject', () => {
  it('shows the current subject and keeps the button disabled while the change request is blank', async () => {
    const { api, dialog, user } = renderDialog(answer('red sneaker'));
    expect(within(dialog).getByText('Current subject')).toBeTruthy();
    expect(within(dialog).getByText('sneaker')).toBeTruthy();
    expect(submitButton(dialog).textContent).toBe('Rewrite Subject');
    expect(submitButton(dialog).disabled).toBe(true);
    await user.type(changeBox(dialog), '   ');
    expect(submitButton(dialog).disabled).toBe(true);
    await user.click(submitButton(dialog));
    expect(api.calls(rewritePrompt)).toHaveLength(0);
    await user.type(changeBox(dialog), 'make it red');
    expect(submitButton(dialog).disabled).toBe(false);
  });

  it("says 'Rewriting...' while busy, sends the subject and change as a video rewrite, then gives the new subject and closes", async () => {
    let reply!: () => void;
    const { api, onRewritten, dialog, user } = renderDialog(
      () =>
        new Promise<Response>((resolve) => {
          reply = () => resolve(json(200, { prompt: '  red sneaker ', helper: 'local' }));
        }),
    );
    await user.type(changeBox(dialog), ' make it red ');
    await user.click(submitButton(dialog));
    await waitFor(() => expect(submitButton(dialog).textContent).toBe('Rewriting...'));
    expect(submitButton(dialog).disabled).toBe(true);
    expect(api.calls(rewritePrompt).map((c) => c.body)).toEqual([{ prompt: 'sneaker', goal: 'make it red', kind: 'video' }]);

    reply();
    await waitFor(() => expect(onRewritten).toHaveBeenCalledWith('red sneaker'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("says 'Received empty prompt from rewrite service' when the answer is blank, and keeps the subject", async () => {
    const { onRewritten, dialog, user } = renderDialog(answer('   '));
    await user.type(changeBox(dialog), 'make it red');
    await user.click(submitButton(dialog));
    const alert = await within(dialog).findByRole('alert');
    expect(within(alert).getByText(videoStudioTexts.rewriteFailedHeading)).toBeTruthy();
    expect(within(alert).getByText(promptMessages.rewriteEmptyResult)).toBeTruthy();
    expect(within(alert).getByText(videoStudioTexts.rewriteHint)).toBeTruthy();
    expect(onRewritten).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Rewrite Subject' })).toBeTruthy();
    expect(submitButton(dialog).textContent).toBe('Rewrite Subject');
  });

  it('shows the failure heading, the API message and the hint; the next try clears them', async () => {
    let fail = true;
    const { onRewritten, dialog, user } = renderDialog(() =>
      fail ? apiError(502, 'PROVIDER_FAILED', 'Failed to rewrite prompt: The assistant is busy') : answer('red sneaker')(),
    );
    await user.type(changeBox(dialog), 'make it red');
    await user.click(submitButton(dialog));
    const alert = await within(dialog).findByRole('alert');
    expect(within(alert).getByText('Failed to rewrite subject')).toBeTruthy();
    expect(within(alert).getByText('Failed to rewrite prompt: The assistant is busy')).toBeTruthy();
    expect(within(alert).getByText('Try simplifying your request or try again in a few moments.')).toBeTruthy();
    expect(onRewritten).not.toHaveBeenCalled();

    fail = false;
    await user.click(submitButton(dialog));
    await waitFor(() => expect(onRewritten).toHaveBeenCalledWith('red sneaker'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it.each([
    ['an answer without a message', () => new Response('Bad gateway', { status: 502, headers: { 'content-type': 'text/html' } })],
    ['an empty message', () => apiError(502, 'PROVIDER_FAILED', '')],
  ])("falls back to 'Failed to rewrite prompt' for %s", async (_name, handler) => {
    const { dialog, user } = renderDialog(handler);
    await user.type(changeBox(dialog), 'make it red');
    await user.click(submitButton(dialog));
    const alert = await within(dialog).findByRole('alert');
    expect(within(alert).getByText(videoStudioTexts.rewriteFailedHeading)).toBeTruthy();
    expect(within(alert).getByText('Failed to rewrite prompt')).toBeTruthy();
    expect(within(alert).getByText(videoStudioTexts.rewriteHint)).toBeTruthy();
  });

  it('forgets the failure when closed and opened again', async () => {
    const { dialog, user } = renderDialog(() => apiError(502, 'PROVIDER_FAILED', 'Nope'));
    await user.type(changeBox(dialog), 'make it red');
    await user.click(submitButton(dialog));
    await within(dialog).findByRole('alert');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Open rewrite' }));
    const reopened = await screen.findByRole('dialog', { name: 'Rewrite Subject' });
    expect(within(reopened).queryByRole('alert')).toBeNull();
  });
});
