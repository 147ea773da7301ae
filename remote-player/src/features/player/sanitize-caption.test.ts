// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { captionMarkup } from '../../core/captions/display';
import { sanitizeCaption } from './sanitize-caption';

describe('sanitizeCaption', () => {
  it.each([
    ['<b>bold</b> <i>italic</i> <u>under</u>', '<b>bold</b> <i>italic</i> <u>under</u>'],
    ['<c>classed</c><span>span</span>', '<c>classed</c><span>span</span>'],
    ['<ruby>漢<rt>kan</rt></ruby>', '<ruby>漢<rt>kan</rt></ruby>'],
    ['one<br>two', 'one<br>two'],
    ['<v title="Bob">Hi</v>', '<v title="Bob">Hi</v>'],
    ['<lang lang="fr">bonjour</lang>', '<lang lang="fr">bonjour</lang>'],
    ['<span title="t" lang="en">x</span>', '<span title="t" lang="en">x</span>'],
  ])('keeps the allowed tag or attribute: %s', (input, output) => expect(sanitizeCaption(input)).toBe(output));

  it.each([
    ['<script>alert(1)</script>hello', 'hello'],
    ['<b onclick="alert(1)" onmouseover="x()">hi</b>', '<b>hi</b>'],
    ['<img src=x onerror="alert(1)">after', 'after'],
    ['<a href="javascript:alert(1)">link</a>', 'link'],
    ['<font color="#00ff00"><b>[music]</b></font>', '<b>[music]</b>'],
    ['<span style="color:red" class="x" id="y" data-x="1" aria-label="z">styled</span>', '<span>styled</span>'],
    ['<iframe src="https://evil"></iframe>text', 'text'],
    ['<style>*{display:none}</style>seen', 'seen'],
    ['<svg><g onload="alert(1)"></g></svg>ok', 'ok'],
    ['<p>para</p><div>block</div>', 'parablock'],
  ])('strips what is not allowed: %s', (input, output) => expect(sanitizeCaption(input)).toBe(output));

  it('entities stay escaped text, never markup', () => {
    expect(sanitizeCaption('there are other &lt;script&gt; worlds')).toBe('there are other &lt;script&gt; worlds');
  });

  it('what the overlay renders: WebVTT voices, classes and lang spans become allowed markup', () => {
    const html = sanitizeCaption(captionMarkup('<v.loud Mary>Hi</v> <c.red.caps>there</c> <lang en>you</lang>\n{\\an8}<script>x</script>'));
    expect(html).toBe('<v title="Mary">Hi</v> <c>there</c> <lang lang="en">you</lang><br>');
  });
});
