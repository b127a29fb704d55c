import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { KlipExportDialog } from './klip-export-dialog.tsx';
import { klipFixture } from './testing/fixtures.ts';

const klip = klipFixture({ prompt: 'a glass perfume bottle on wet stone' });

function Harness() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <KlipExportDialog klip={klip} open={open} onOpenChange={setOpen} />
      <p data-testid="state">{open ? 'open' : 'closed'}</p>
    </>
  );
}

const link = (label: string) => screen.getByRole('link', { name: `Download ${label} as JPEG` });

describe('KlipExportDialog', () => {
  it('lists every preset with its size and a download of the padded JPEG, named by the prompt', () => {
    render(<Harness />);
    const dialog = screen.getByRole('dialog', { name: 'Export for marketplaces' });
    const rows = within(dialog)
      .getAllByRole('listitem')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'Amazon main image2000 × 2000 pxJPEG',
      'Shopify product2048 × 2048 pxJPEG',
      'Etsy listing2700 × 2025 pxJPEG',
      'Instagram post1080 × 1350 pxJPEG',
      'Instagram/TikTok story1080 × 1920 pxJPEG',
      'Facebook/Meta ad1200 × 628 pxJPEG',
      'Upscale 2×Twice the width and height, at most 8192 px on the long side; never paddedJPEG',
    ]);
    expect(link('Amazon main image').getAttribute('href')).toBe(
      `/api/klips/${klip.id}/exports/amazon-main?fit=pad&name=glass-perfume-bottle`,
    );
    expect(link('Amazon main image').getAttribute('download')).toBe('glass-perfume-bottle-amazon-main.jpg');
    expect(within(dialog).getByText('Exports are free for images.')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('radio', { name: /Pad/ }).checked).toBe(true);
  });

  it("switches every link to 'fill' when the user chooses Fill, and closes with Escape", async () => {
    render(<Harness />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: /Fill the frame \(may crop\)/ }));
    expect(link('Instagram/TikTok story').getAttribute('href')).toBe(
      `/api/klips/${klip.id}/exports/story?fit=fill&name=glass-perfume-bottle`,
    );
    const hrefs = screen.getAllByRole('link').map((a) => new URL(a.getAttribute('href')!, 'http://x').searchParams.get('fit'));
    expect(new Set(hrefs)).toEqual(new Set(['fill']));
    await user.keyboard('{Escape}');
    expect(screen.getByTestId('state').textContent).toBe('closed');
  });
});
