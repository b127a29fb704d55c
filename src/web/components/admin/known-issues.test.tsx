import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, json, meFixture, on, type FakeRequest } from '#test-support/web/fake-api.ts';
import { renderRoutes } from '#test-support/web/render.tsx';
import { knownIssueMessages, type KnownIssue } from '#contracts/known-issues.ts';
import { AppShell } from '../layout/app-shell.tsx';
import { knownIssuesTexts } from '../../lib/texts.ts';
import { seriousViolations } from '../../lib/testing/serious-violations.ts';
import { addKnownIssue, deleteKnownIssue, editKnownIssue, getMe, getSettings, listKnownIssues } from '#contracts/routes.ts';

// Counts loads of the panel's chunk: the app shell imports it lazily, for super admins only.
const chunk = vi.hoisted(() => ({ loads: 0 }));
vi.mock('./known-issues.tsx', async (importOriginal) => {
  chunk.loads += 1;
  return importOriginal();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const issue = (id: string, text: string, minutes: number): KnownIssue => ({
  id,
  text,
  createdAt: minutesAgo(minutes),
  updatedAt: minutesAgo(minutes),
  createdByEmail: 'admin@klipt.test',
});

/** A Known Issues API that keeps what it is told, like the server, newest first. */
function knownIssuesServer(overrides: { add?: (req: FakeRequest) => Response } = {}) {
  let issues = [
    issue('00000000-0000-4000-8000-000000000002', 'Video previews stutter on Safari', 5),
    issue('00000000-0000-4000-8000-000000000001', 'Stripe test mode only', 90),
  ];
  let next = 3;
  return fakeApi(
    on(getMe, () => json(200, meFixture({ isSuperAdmin: true }))),
    on(getSettings, () => json(200, { registrationMode: 'open', welcomeCredits: 10, billingMode: 'sandbox' })),
    on(listKnownIssues, () => json(200, { issues })),
    on(
      addKnownIssue,
      overrides.add ??
        ((req) => {
          const created = issue(`00000000-0000-4000-8000-00000000000${next++}`, (req.body as { text: string }).text, 0);
          issues = [created, ...issues];
          return json(201, created);
        }),
    ),
    on(editKnownIssue, (req) => {
      const found = issues.find((i) => i.id === req.params.id);
      if (!found) return apiError(404, 'NOT_FOUND', knownIssueMessages.notFound);
      const edited = { ...found, text: (req.body as { text: string }).text, updatedAt: new Date().toISOString() };
      issues = issues.map((i) => (i.id === edited.id ? edited : i));
      return json(200, edited);
    }),
    on(deleteKnownIssue, (req) => {
      issues = issues.filter((i) => i.id !== req.params.id);
      return new Response(null, { status: 204 });
    }),
  );
}

function renderShell() {
  return renderRoutes(
    <Routes>
      <Route element={<AppShell />}>
        <Route path="/dashboard" element={<main>Dashboard</main>} />
      </Route>
    </Routes>,
    '/dashboard',
  );
}

async function openPanel() {
  const user = userEvent.setup();
  renderShell();
  const button = await screen.findByRole('button', { name: /^Known Issues/ });
  await vi.waitFor(() => expect(button.textContent).toContain('2'));
  expect(screen.queryByRole('dialog')).toBeNull();
  await user.click(button);
  const panel = screen.getByRole('dialog', { name: 'Known Issues' });
  await within(panel).findAllByTestId('known-issue');
  return { user, button, panel };
}

const texts = (panel: HTMLElement) =>
  within(panel)
    .queryAllByTestId('known-issue')
    .map((li) => li.querySelector('p')?.textContent);

describe('Known Issues panel', () => {
  // First: once an admin's test has loaded the chunk, the module cache keeps it.
  it('is not there for other users, who never download it nor ask for the list', async () => {
    const api = fakeApi(
      on(getMe, () => json(200, meFixture({ isSuperAdmin: false }))),
      on(getSettings, () => json(200, { registrationMode: 'open', welcomeCredits: 10, billingMode: 'sandbox' })),
    );
    renderShell();
    await screen.findByRole('button', { name: /Account menu/ });
    expect(screen.queryByRole('button', { name: /Known Issues/ })).toBeNull();
    expect(chunk.loads).toBe(0);
    expect(api.calls(listKnownIssues)).toHaveLength(0);
  });

  it('floats closed for super admins with the count, opens newest first, and Escape closes it back to the button', async () => {
    knownIssuesServer();
    const { user, button, panel } = await openPanel();
    expect(chunk.loads).toBe(1);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(within(panel).getByRole('heading', { name: 'Known Issues' }));
    expect(texts(panel)).toEqual(['Video previews stutter on Safari', 'Stripe test mode only']);
    expect(within(panel).getAllByTestId('known-issue')[0]!.textContent).toContain('admin@klipt.test · 5 minutes ago');
    expect(await seriousViolations()).toEqual([]);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('adds a note at the top, and ignores blank text without asking the server', async () => {
    const api = knownIssuesServer();
    const { user, button, panel } = await openPanel();
    const box = within(panel).getByLabelText('New known issue');

    await user.type(box, '   ');
    await user.click(within(panel).getByRole('button', { name: 'Add' }));
    expect(api.calls(addKnownIssue)).toHaveLength(0);
    expect(within(panel).getAllByTestId('known-issue')).toHaveLength(2);

    await user.clear(box);
    await user.type(box, '  Thumbnails missing for old klips  ');
    await user.click(within(panel).getByRole('button', { name: 'Add' }));
    await vi.waitFor(() => expect(texts(panel)[0]).toBe('Thumbnails missing for old klips'));
    expect(api.calls(addKnownIssue).map((r) => r.body)).toEqual([{ text: 'Thumbnails missing for old klips' }]);
    expect((box as HTMLTextAreaElement).value).toBe('');
    await vi.waitFor(() => expect(button.textContent).toContain('3'));
  });

  it('edits a note inline, refusing blank text, and Cancel keeps it as it was', async () => {
    const api = knownIssuesServer();
    const { user, panel } = await openPanel();
    const first = () => within(panel).getAllByTestId('known-issue')[0]!;

    await user.click(within(first()).getByRole('button', { name: 'Edit' }));
    const box = within(panel).getByLabelText('Edit known issue');
    expect(document.activeElement).toBe(box);
    await user.clear(box);
    await user.type(box, 'Not saved');
    await user.click(within(panel).getByRole('button', { name: 'Cancel' }));
    expect(texts(panel)[0]).toBe('Video previews stutter on Safari');
    expect(document.activeElement).toBe(within(first()).getByRole('button', { name: 'Edit' }));

    // Escape leaves the edit, not the panel.
    await user.click(within(first()).getByRole('button', { name: 'Edit' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Known Issues' })).toBe(panel);
    expect(within(panel).queryByLabelText('Edit known issue')).toBeNull();

    await user.click(within(first()).getByRole('button', { name: 'Edit' }));
    await user.clear(within(panel).getByLabelText('Edit known issue'));
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(within(panel).getByRole('alert').textContent).toBe(knownIssueMessages.textRequired);
    expect(api.calls(editKnownIssue)).toHaveLength(0);

    await user.type(within(panel).getByLabelText('Edit known issue'), 'Video previews stutter on Safari 17');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(texts(panel)[0]).toBe('Video previews stutter on Safari 17'));
    expect(first().textContent).toContain('edited');
    expect(api.calls(editKnownIssue).map((r) => [r.params.id, r.body])).toEqual([
      ['00000000-0000-4000-8000-000000000002', { text: 'Video previews stutter on Safari 17' }],
    ]);
  });

  it('deletes a note after a small confirmation', async () => {
    const api = knownIssuesServer();
    const { user, button, panel } = await openPanel();
    const second = within(panel).getAllByTestId('known-issue')[1]!;

    await user.click(within(second).getByRole('button', { name: 'Delete' }));
    const confirm = within(second).getByRole('group', { name: 'Delete this issue for every admin?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.calls(deleteKnownIssue)).toHaveLength(0);
    expect(document.activeElement).toBe(within(second).getByRole('button', { name: 'Delete' }));

    await user.click(within(second).getByRole('button', { name: 'Delete' }));
    await user.click(within(second).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(texts(panel)).toEqual(['Video previews stutter on Safari']));
    expect(document.activeElement).toBe(within(panel).getByRole('heading', { name: 'Known Issues' }));
    expect(api.calls(deleteKnownIssue).map((r) => r.params.id)).toEqual(['00000000-0000-4000-8000-000000000001']);
    await vi.waitFor(() => expect(button.textContent).toContain('1'));
  });

  it("shows the server's refusal inline, and a failed save in the contract's words", async () => {
    let crash = false;
    knownIssuesServer({
      add: () =>
        crash
          ? apiError(500, 'INTERNAL', 'Something went wrong. Please try again.')
          : apiError(400, 'VALIDATION_FAILED', knownIssueMessages.textTooLong),
    });
    const { user, panel } = await openPanel();
    await user.type(within(panel).getByLabelText('New known issue'), 'Too long, says the server');
    await user.click(within(panel).getByRole('button', { name: 'Add' }));
    expect((await within(panel).findByRole('alert')).textContent).toBe(knownIssueMessages.textTooLong);

    crash = true;
    await user.click(within(panel).getByRole('button', { name: 'Add' }));
    await vi.waitFor(() => expect(within(panel).getByRole('alert').textContent).toBe(knownIssuesTexts.saveFailed));
    expect(texts(panel)).toHaveLength(2);
  });

  it('says when the list cannot be loaded, with a way to try again', async () => {
    let fail = true;
    const api = fakeApi(
      on(getMe, () => json(200, meFixture({ isSuperAdmin: true }))),
      on(getSettings, () => json(200, { registrationMode: 'open', welcomeCredits: 10, billingMode: 'sandbox' })),
      on(listKnownIssues, () => (fail ? apiError(500, 'INTERNAL', 'Something went wrong. Please try again.') : json(200, { issues: [] }))),
    );
    const user = userEvent.setup();
    renderShell();
    await user.click(await screen.findByRole('button', { name: /^Known Issues/ }));
    const panel = screen.getByRole('dialog', { name: 'Known Issues' });
    expect((await within(panel).findByRole('alert')).textContent).toContain(knownIssuesTexts.loadFailed);
    fail = false;
    await user.click(within(panel).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findByText(knownIssuesTexts.empty)).not.toBeNull();
    expect(api.calls(listKnownIssues).length).toBeGreaterThanOrEqual(2);
  });
});
