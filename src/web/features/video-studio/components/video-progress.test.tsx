import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { videoGenerationSteps } from '#contracts/generation.ts';
import { videoJobFixture } from '../testing/video-job.ts';
import { VideoProgress } from './video-progress.tsx';

const videoJob = (step: number) =>
  videoJobFixture({ status: 'running', step, progress: (step + 1) * 20, stepLabel: videoGenerationSteps[step]!.message });

describe('video progress', () => {
  it.each([0, 1, 2, 3, 4])('shows step %i with its message and a bar (step+1)×20 %% wide', (step) => {
    render(<VideoProgress job={videoJob(step)} onPlay={() => {}} />);
    expect(screen.getByText(videoGenerationSteps[step]!.message)).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: 'Video generation progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe(String((step + 1) * 20));
    expect((bar.firstElementChild as HTMLElement).style.width).toBe(`${(step + 1) * 20}%`);
    expect(screen.getByText(videoGenerationSteps[step]!.label).closest('li')?.getAttribute('aria-current')).toBe('step');
  });

  it('starts at preparing before the job is known, and reopens the game', async () => {
    const onPlay = vi.fn<() => void>();
    render(<VideoProgress job={null} onPlay={onPlay} />);
    expect(screen.getByText('Preparing your video generation...')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('20');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Play while you wait' }));
    expect(onPlay).toHaveBeenCalledOnce();
  });
});
