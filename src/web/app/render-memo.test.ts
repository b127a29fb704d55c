import { describe, expect, it, vi } from 'vitest';
import { memoizeRenders } from './render-memo.ts';

type Render = (location: string, answers: unknown[]) => Promise<string>;
const counting = () => vi.fn<Render>(async (location, answers) => `<p>${location} ${JSON.stringify(answers)}</p>`);

describe('memoizeRenders', () => {
  it('draws the same address with the same answers once', async () => {
    const render = counting();
    const memo = memoizeRenders(render, 10);
    const first = await memo('/share/k1', [{ prompt: 'a red shoe' }]);
    expect(await memo('/share/k1', [{ prompt: 'a red shoe' }])).toBe(first);
    expect(render).toHaveBeenCalledTimes(1);
  });

  it('draws again when an answer or the address changes', async () => {
    const render = counting();
    const memo = memoizeRenders(render, 10);
    await memo('/share/k1', [{ prompt: 'a red shoe', hearts: 1 }]);
    expect(await memo('/share/k1', [{ prompt: 'a red shoe', hearts: 2 }])).toContain('"hearts":2');
    expect(await memo('/share/k2', [{ prompt: 'a red shoe', hearts: 2 }])).toContain('/share/k2');
    expect(render).toHaveBeenCalledTimes(3);
  });

  it('keeps the most recently used renders up to its capacity', async () => {
    const render = counting();
    const memo = memoizeRenders(render, 2);
    await memo('/a', []);
    await memo('/b', []);
    await memo('/a', []); // /a is now the most recent; /b goes when /c comes
    await memo('/c', []);
    expect(render).toHaveBeenCalledTimes(3);
    await memo('/a', []);
    expect(render).toHaveBeenCalledTimes(3);
    await memo('/b', []);
    expect(render).toHaveBeenCalledTimes(4);
  });

  it('does not keep a failed render', async () => {
    const render = vi
      .fn<(location: string) => Promise<string>>()
      .mockRejectedValueOnce(new Error('render failed'))
      .mockResolvedValue('<p>ok</p>');
    const memo = memoizeRenders(render, 10);
    await expect(memo('/share/k1')).rejects.toThrow('render failed');
    expect(await memo('/share/k1')).toBe('<p>ok</p>');
    expect(render).toHaveBeenCalledTimes(2);
  });
});
