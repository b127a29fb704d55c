import { describe, expect, it } from 'vitest';
import { looksLikeSvg, safeSvgText } from './svg-logo.ts';

const wrap = (inner: string, attributes = '') => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" ${attributes}>${inner}</svg>`);
const refused = (data: Buffer) => {
  try {
    safeSvgText(data);
    return false;
  } catch {
    return true;
  }
};

describe('SVG logos', () => {
  it('knows an SVG behind a BOM, declaration, comment or DOCTYPE, and nothing else', () => {
    expect(looksLikeSvg(Buffer.from('\uFEFF<?xml version="1.0"?>\n<!-- c --><svg/>'))).toBe(true);
    expect(looksLikeSvg(wrap(''))).toBe(true);
    expect(looksLikeSvg(Buffer.from('<html><body>svg</body></html>'))).toBe(false);
    expect(looksLikeSvg(Buffer.from('\x89PNG\r\n<svg>'))).toBe(false);
  });

  it('keeps a plain logo (internal references, a CDATA style) and removes comments and a plain DOCTYPE', () => {
    const text = safeSvgText(
      Buffer.from(
        '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd"><!-- <script> -->' +
          '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><style><![CDATA[.a{fill:url(#g)}]]></style>' +
          '<use xlink:href="#shape"/><use href=\'#shape\'/><rect fill="url( \'#g\' )"/></svg>',
      ),
    );
    expect(text).not.toMatch(/DOCTYPE|<!--/);
    expect(text).toContain('<use xlink:href="#shape"/>');
  });

  it.each([
    ['a script', wrap('<script>alert(1)</script>')],
    ['a prefixed script', wrap('<x:script xmlns:x="http://www.w3.org/2000/svg">1</x:script>')],
    ['a script in upper case', wrap('<SCRIPT>1</SCRIPT>')],
    ['a script split by a comment', wrap('<scr<!-- -->ipt>1</script>')],
    ['an event attribute', wrap('', 'onload="alert(1)"')],
    ['an event attribute after a slash', wrap('<rect/onclick="x"/>')],
    ['foreignObject', wrap('<foreignObject/>')],
    ['an image', wrap('<image href="#a"/>')],
    ['an animation that could set a link', wrap('<set attributeName="href" to="javascript:1"/>')],
    ['an external link', wrap('<a href="https://evil.example">x</a>')],
    ['a javascript: link', wrap('<a xlink:href="javascript:alert(1)">x</a>')],
    ['an unquoted link', wrap('<use href=#a />')],
    ['an encoded link', wrap('<use href="&#35;a"/>')],
    ['an external url()', wrap('<rect style="fill:url(https://evil.example/x)"/>')],
    ['an encoded url()', wrap('<rect fill="url(&quot;https://x&quot;)"/>')],
    ['@import', wrap('<style>@import "https://evil.example/a.css";</style>')],
    ['an entity', Buffer.from('<!DOCTYPE svg [<!ENTITY a "b">]><svg xmlns="http://www.w3.org/2000/svg">&a;</svg>')],
    ['an external entity', Buffer.from('<!DOCTYPE svg [<!ENTITY a SYSTEM "file:///etc/passwd">]><svg>&a;</svg>')],
    ['a stylesheet instruction', Buffer.from('<?xml-stylesheet href="https://x/a.css"?><svg/>')],
    ['an unclosed comment', wrap('<!-- <script>')],
  ])('refuses %s', (_, data) => {
    expect(refused(data)).toBe(true);
  });
});
