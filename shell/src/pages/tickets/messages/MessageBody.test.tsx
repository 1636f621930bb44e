// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { MessageBody, safeHref } from './MessageBody.js';

function html(text: string): string {
  const { container } = render(<MessageBody text={text} />);
  return container.querySelector('[data-testid="message-text"]')!.innerHTML;
}

function root(text: string): HTMLElement {
  const { container } = render(<MessageBody text={text} />);
  return container.querySelector<HTMLElement>('[data-testid="message-text"]')!;
}

describe('message body renderer', () => {
  afterEach(cleanup);

  it('formats bold, strike, italic and monospace', () => {
    expect(html('*hola* ~no~ _sí_')).toBe('<b>hola</b> <s>no</s> <i>sí</i>');
    expect(html('a ```*x* <b>``` b')).toBe('a <code>*x* &lt;b&gt;</code> b');
    // The sign prefix the server adds.
    expect(html('*Ana*:\nBuenos días')).toBe('<b>Ana</b>:<br>Buenos días');
  });

  it('leaves markers that do not pair, or sit inside words, as typed', () => {
    expect(html('2*3*4 = 24')).toBe('2*3*4 = 24');
    expect(html('* not bold *')).toBe('* not bold *');
    expect(html('snake_case_name')).toBe('snake_case_name');
    expect(html('*open\nclose*')).toBe('*open<br>close*');
  });

  it('nests markers and puts links inside bold', () => {
    expect(html('*bold _both_*')).toBe('<b>bold <i>both</i></b>');
    const el = root('*see https://example.com/a?b=1*');
    const b = el.querySelector('b')!;
    const a = b.querySelector('a')!;
    expect(a.getAttribute('href')).toBe('https://example.com/a?b=1');
    expect(a.textContent).toBe('https://example.com/a?b=1');
    expect(a.getAttribute('target')).toBe('_blank');
    expect(a.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('never turns contact text into markup or script', () => {
    const attacks = [
      '<script>window.__xss = 1</script>',
      '<img src=x onerror="window.__xss=1">',
      '<a href="javascript:alert(1)">click</a>',
      '<svg onload=alert(1)>',
    ];
    for (const text of attacks) {
      const el = root(text);
      expect(el.querySelector('script, img, svg, iframe')).toBeNull();
      expect(el.querySelectorAll('[onerror], [onload]')).toHaveLength(0);
      expect(el.textContent).toBe(text);
      for (const a of el.querySelectorAll('a')) expect(a.getAttribute('href')).toMatch(/^https?:/);
      cleanup();
    }
    // Inside a marker it is bold text, still not an element.
    const bold = root('*<img src=x onerror=alert(1)>*');
    expect(bold.querySelector('img')).toBeNull();
    expect(bold.querySelector('b')!.textContent).toBe('<img src=x onerror=alert(1)>');
    expect((window as unknown as { __xss?: number }).__xss).toBeUndefined();
  });

  it('links http and https only', () => {
    expect(root('javascript:alert(1)').querySelector('a')).toBeNull();
    expect(root('JaVaScRiPt:alert(document.cookie)').querySelector('a')).toBeNull();
    expect(root('data:text/html,<script>alert(1)</script>').querySelector('a')).toBeNull();
    expect(root('ftp://x.y/z').querySelector('a')).toBeNull();
    // Only the https part becomes the link; the "javascript:" before it stays text.
    const glued = root('javascript:https://x.y');
    expect(glued.querySelector('a')!.getAttribute('href')).toBe('https://x.y/');
    expect(glued.firstChild!.textContent).toBe('javascript:');
    expect(root('xhttps://x.y').querySelector('a')).toBeNull();
    expect(root('http://').querySelector('a')).toBeNull();
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('https://x.y/"onmouseover="alert(1)')).toBe('https://x.y/%22onmouseover=%22alert(1)');
    const a = root('ver http://a.b/c. Gracias').querySelector('a')!;
    expect(a.getAttribute('href')).toBe('http://a.b/c');
    expect(a.nextSibling?.textContent).toBe('. Gracias');
  });

  it('shows HTML entities literally instead of decoding them', () => {
    const el = root('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &#60;b&#62;');
    expect(el.textContent).toBe('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &#60;b&#62;');
    expect(el.querySelector('script, b')).toBeNull();
  });

  it('nests different markers only, and stays linear on hostile runs of markers', () => {
    expect(html('*_~x~_*')).toBe('<b><i><s>x</s></i></b>');
    // The first valid closing wins: a marker never nests inside itself.
    expect(html('*a *b* c*')).toBe('<b>a *b</b> c*');
    const deep = root('*_~*_~*_~x~_*~_*~_*');
    expect(deep.querySelector(':is(b,i,s) :is(b,i,s) :is(b,i,s) :is(b,i,s)')).toBeNull();
    expect(deep.textContent!.replace(/[*_~]/g, '')).toBe('x');
    const long = root('*'.repeat(5000) + 'a' + '_'.repeat(5000) + '\n' + '~ '.repeat(3000));
    expect(long.textContent).toContain('a');
  });
});
