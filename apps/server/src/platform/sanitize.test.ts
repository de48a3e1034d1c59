import { describe, expect, it } from 'vitest';
import { richTextForEmail, richTextToPlain, sanitizeRichText } from './sanitize';

const VIDEO =
  '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" title="YouTube video" allowfullscreen="true" loading="lazy" referrerpolicy="strict-origin-when-cross-origin"></iframe>';

describe('the rich-text sanitiser keeps what the editor makes', () => {
  it('keeps headings 1 to 6 and the inline formatting', () => {
    const html = [1, 2, 3, 4, 5, 6].map((level) => `<h${level}>Heading ${level}</h${level}>`).join('');
    expect(sanitizeRichText(html)).toBe(html);
    const inline = '<p><strong>b</strong><em>i</em><u>u</u><s>s</s></p><blockquote><p>q</p></blockquote><ul><li><p>l</p></li></ul>';
    expect(sanitizeRichText(inline)).toBe(inline);
  });

  it('keeps each size and font class, alone or together', () => {
    for (const className of [
      'rt-size-small',
      'rt-size-large',
      'rt-size-huge',
      'rt-font-serif',
      'rt-font-monospace',
      'rt-size-large rt-font-serif',
    ])
      expect(sanitizeRichText(`<p><span class="${className}">x</span></p>`)).toBe(`<p><span class="${className}">x</span></p>`);
  });

  it('keeps a formula as its LaTeX', () => {
    const formula = '<p>Energy: <span data-type="inline-math" data-latex="E = mc^2 &lt; \\frac{a}{b}"></span></p>';
    expect(sanitizeRichText(formula)).toBe(formula);
  });

  it('keeps YouTube (privacy-enhanced) and Vimeo players with their fixed attributes', () => {
    expect(sanitizeRichText(VIDEO)).toBe(VIDEO);
    expect(sanitizeRichText('<iframe src="https://player.vimeo.com/video/76979871"></iframe>')).toBe(
      '<iframe src="https://player.vimeo.com/video/76979871" title="Vimeo video" allowfullscreen="true" loading="lazy" referrerpolicy="strict-origin-when-cross-origin"></iframe>',
    );
  });

  it('keeps http, https and mailto links, opening safely', () => {
    for (const href of ['https://example.com/a?b=1', 'http://example.com', 'mailto:ir@example.com'])
      expect(sanitizeRichText(`<p><a href="${href}" target="_blank">x</a></p>`)).toBe(
        `<p><a href="${href}" target="_blank" rel="noopener noreferrer">x</a></p>`,
      );
  });
});

describe('the rich-text sanitiser strips everything else', () => {
  it('strips scripts, styles and event handlers', () => {
    expect(sanitizeRichText('<p onclick="alert(1)" style="color:red">a</p><script>alert(1)</script><style>p{}</style>')).toBe('<p>a</p>');
    expect(sanitizeRichText('<h2 onmouseover="alert(1)">h</h2><span onfocus="x" class="rt-size-large">s</span>')).toBe(
      '<h2>h</h2><span class="rt-size-large">s</span>',
    );
  });

  it('strips classes and style values outside the fixed lists', () => {
    expect(sanitizeRichText('<p><span class="rt-size-giant evil rt-font-serif" style="font-size:900px">x</span></p>')).toBe(
      '<p><span class="rt-font-serif">x</span></p>',
    );
    expect(sanitizeRichText('<p class="rt-size-large">x</p>')).toBe('<p>x</p>');
    expect(sanitizeRichText('<p><span style="font-family: serif">x</span></p>')).toBe('<p><span>x</span></p>');
  });

  it('strips data on anything but a formula, and a formula without LaTeX', () => {
    expect(
      sanitizeRichText('<p><span data-type="mention" data-latex="x" data-id="1">a</span><span data-type="inline-math"></span></p>'),
    ).toBe('<p><span>a</span><span></span></p>');
  });

  it('strips frames from other hosts, other player addresses and every extra attribute', () => {
    for (const src of [
      'https://evil.example/embed/dQw4w9WgXcQ',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1',
      '//www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
    ])
      expect(sanitizeRichText(`<p>a</p><iframe src="${src}">fallback</iframe>`), src).toBe('<p>a</p>');
    expect(sanitizeRichText('<iframe srcdoc="<script>alert(1)</script>"></iframe>')).toBe('');
    expect(
      sanitizeRichText(
        '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" onload="alert(1)" sandbox="allow-top-navigation" width="1" title="Fake"></iframe>',
      ),
    ).toBe(VIDEO);
    expect(sanitizeRichText('<object data="https://evil.example"></object><embed src="https://evil.example">')).toBe('');
  });

  it('strips javascript:, data: and protocol-relative links', () => {
    for (const href of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,x', '//evil.example', 'vbscript:x'])
      expect(sanitizeRichText(`<a href="${href}">x</a>`), href).toBe('<a rel="noopener noreferrer">x</a>');
  });

  it('leaves videos and pictures out of e-mails, keeping the words and formulas', () => {
    expect(richTextForEmail(`<h2>News</h2>${VIDEO}<p><span class="rt-font-serif">x</span></p>`)).toBe(
      '<h2>News</h2><p><span class="rt-font-serif">x</span></p>',
    );
  });

  it('writes a formula out as its LaTeX where nothing draws it: e-mails and plain text', () => {
    const formula = '<p>Energy: <span data-type="inline-math" data-latex="E = mc^2 &lt; \\frac{a}{b}"></span>.</p>';
    expect(richTextForEmail(formula)).toBe('<p>Energy: <code>E = mc^2 &lt; \\frac{a}{b}</code>.</p>');
    expect(richTextToPlain(formula)).toBe('Energy: E = mc^2 < \\frac{a}{b}.');
    // A span that is not a formula keeps its words and nothing else.
    expect(richTextToPlain('<p><span data-latex="x^2">y</span></p>')).toBe('y');
  });
});
