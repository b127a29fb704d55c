import { describe, expect, it } from 'vitest';
import { parseQueryString } from './query-string.ts';

describe('parseQueryString', () => {
  it('reads what browsers send: pairs, repeats, bare keys, plus as space, UTF-8 escapes', () => {
    expect({ ...parseQueryString('') }).toEqual({});
    expect({ ...parseQueryString('a=1&b=&c&a=2&&a=3') }).toEqual({ a: ['1', '2', '3'], b: '', c: '' });
    expect({ ...parseQueryString('search=red+mug%2Bcup&x%20y=%C5%81%C3%B3d%C5%BA%20%F0%9F%98%80') }).toEqual({
      search: 'red mug+cup',
      'x y': 'Łódź 😀',
    });
    expect({ ...parseQueryString('q=a%3Db%26c&n=100%25') }).toEqual({ q: 'a=b&c', n: '100%' });
    // A stray percent sign that escapes nothing stays as typed.
    expect({ ...parseQueryString('q=100%&r=%G1') }).toEqual({ q: '100%', r: '%G1' });
    expect(Object.getPrototypeOf(parseQueryString('__proto__=x'))).toBe(null);
  });

  it('keeps NUL as NUL (the contracts refuse it)', () => {
    expect(parseQueryString('q=%00')['q']).toBe('\u0000');
  });

  it('turns bytes that are not UTF-8 into lone surrogates, never into the raw escape text', () => {
    expect(parseQueryString('q=%ED%A0%80')['q']).toBe('\udced\udca0\udc80');
    expect(parseQueryString('q=%FF')['q']).toBe('\udcff');
    expect(parseQueryString('q=%C0%80')['q']).toBe('\udcc0\udc80');
    expect(parseQueryString('q=ok%E2%82')['q']).toBe('ok\udce2\udc82');
    expect(parseQueryString('q=%F4%90%80%80')['q']).toBe('\udcf4\udc90\udc80\udc80');
    // The valid parts around them decode as usual.
    expect(parseQueryString('q=%C3%A9%FF%C3%A9')['q']).toBe('é\udcffé');
  });
});
