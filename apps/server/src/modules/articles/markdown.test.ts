import { readingMinutes } from '@maktaba/shared/schemas/articles';
import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { isOwnImage, renderMarkdown } from './markdown.js';

const OWN_IMAGE = '/storage/v1/object/public/covers/articles/3f1c/abc123.webp';

/** Elements that must never appear in a rendering, whatever the input (text shows `<` as `&lt;`). */
const FORBIDDEN_MARKUP =
  /<\/?(?:script|iframe|style|form|object|embed|svg|math|meta|base|link|input|button|textarea|select|video|audio|source|details|marquee|body|div|table)\b/i;

const ALLOWED_ATTRIBUTES: Record<string, string[]> = { a: ['href', 'rel'], img: ['src', 'alt'], ol: ['start'] };
const ALLOWED_ELEMENTS = new Set([
  ...['h2', 'h3', 'h4', 'p', 'br', 'ul', 'ol', 'li', 'blockquote'],
  ...['strong', 'em', 'code', 'pre', 'hr', 'a', 'img'],
]);

type Element = { name: string; attributes: Record<string, string> };

/** The elements of a rendering, parsed as a browser reads them (entities decoded). */
function elementsOf(html: string): Element[] {
  const elements: Element[] = [];
  const parser = new Parser(
    { onopentag: (name, attributes) => elements.push({ name, attributes }) },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return elements;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: browsers ignore control characters in schemes.
const CONTROL = /[\u0000-\u0020\u007f-\u009f]/g;

/**
 * Why a rendering is unsafe, or null. Checked on the parsed elements (names, attributes, URLs) and
 * on the markup itself: what is left of a payload's words (`javascript:`, `onerror=`) may remain
 * as visible text or inside a percent-encoded URL, never as markup.
 */
function unsafety(html: string): string | null {
  if (FORBIDDEN_MARKUP.test(html)) return 'a forbidden element';
  for (const { name, attributes } of elementsOf(html)) {
    if (!ALLOWED_ELEMENTS.has(name)) return `element ${name}`;
    for (const [attribute, value] of Object.entries(attributes)) {
      if (/^on/i.test(attribute)) return `event handler ${attribute}`;
      if (!(ALLOWED_ATTRIBUTES[name] ?? []).includes(attribute)) return `attribute ${name}[${attribute}]`;
      const compact = value.replace(CONTROL, '');
      if (/(?:java|vb)script:|^data:|^\/\/|^\/\\/i.test(compact)) return `${name}[${attribute}]=${value}`;
      if ((attribute === 'href' || attribute === 'src') && /["<>\s]/.test(value))
        return `quote, bracket or space in ${name}[${attribute}]`;
    }
    if (name === 'a' && !/^(?:https?:\/\/|mailto:|\/(?![/\\]))/i.test(attributes.href ?? '')) {
      return `link ${attributes.href}`;
    }
    if (name === 'img' && !isOwnImage(attributes.src)) return `foreign image ${attributes.src}`;
  }
  for (const tag of html.match(/<[^>]*>/g) ?? []) {
    if (/\son\w+\s*=|(?:java|vb)script:/i.test(tag.replace(/"[^"]*"/g, '""'))) return `markup ${tag}`;
  }
  return null;
}

/** 100 hostile bodies: raw HTML, scriptable links and images, encodings, and Markdown tricks. */
const PAYLOADS: string[] = [
  // Raw HTML, blocks and inline
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  'text <script>alert(1)</script> more',
  '<scr<script>ipt>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<img src="x" onerror="alert(1)">',
  '<IMG SRC="javascript:alert(1)">',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<body onload=alert(1)>',
  '<iframe src="https://evil.example"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>">',
  '<style>body{display:none}</style>',
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<form action="https://evil.example"><input name=a><button>go</button></form>',
  '<object data="https://evil.example/x.swf"></object>',
  '<embed src="https://evil.example/x.swf">',
  '<a href="javascript:alert(1)">x</a>',
  '<div onclick="alert(1)">click</div>',
  '<details open ontoggle=alert(1)>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<meta http-equiv="refresh" content="0;url=https://evil.example">',
  '<base href="https://evil.example/">',
  '<link rel=stylesheet href="https://evil.example/x.css">',
  '<!-- <script>alert(1)</script> -->',
  '<!--><img src=x onerror=alert(1)>-->',
  '<![CDATA[<script>alert(1)</script>]]>',
  '<div>\n\n<script>alert(1)</script>\n\n</div>',
  'a<br onmouseover=alert(1)>b',
  '<video><source onerror=alert(1)></video>',
  '<audio src=x onerror=alert(1)>',
  '<input autofocus onfocus=alert(1)>',
  '<textarea onfocus=alert(1) autofocus>',
  '<marquee onstart=alert(1)>',
  '<a href="#" onmouseover="alert(1)">x</a>',
  // Markdown links with scriptable schemes
  '[x](javascript:alert(1))',
  '[x](JaVaScRiPt:alert(1))',
  '[x](&#106;avascript:alert(1))',
  '[x](&#x6A;avascript:alert(1))',
  '[x](&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1))',
  '[x](java\tscript:alert(1))',
  '[x](<java\nscript:alert(1)>)',
  '[x]( javascript:alert(1))',
  '[x](javascript%3Aalert(1))',
  '[x](jav&#x09;ascript:alert(1))',
  '[x](\\javascript:alert(1))',
  '[x](vbscript:msgbox(1))',
  '[x](VBScript:msgbox(1))',
  '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[x](data:text/html,<script>alert(1)</script>)',
  '[x](DATA:text/html,x)',
  '[x](file:///etc/passwd)',
  '[x](//evil.example)',
  '[x](/\\evil.example)',
  '[x](<javascript:alert(1)>)',
  '[x]("javascript:alert(1)")',
  // Link titles and attribute breaking
  '[x](https://example.org "onmouseover=alert(1)")',
  '[x](https://example.org "\\" onmouseover=\\"alert(1)")',
  '[x](https://example.org \'a" onmouseover="alert(1)\')',
  '[x](https://example.org"onmouseover="alert(1))',
  '[x](https://example.org\\"onmouseover=alert(1)//)',
  '[x"onmouseover="alert(1)](https://example.org)',
  '![x"onerror="alert(1)](/storage/v1/object/public/covers/a.webp)',
  '![x](/storage/v1/object/public/covers/a.webp"onerror="alert(1))',
  // Reference-style links and definitions
  '[x][a]\n\n[a]: javascript:alert(1)',
  '[x][a]\n\n[a]: JAVASCRIPT:alert(1) "t"',
  '[x][a]\n\n[a]: <vbscript:x>',
  '![x][a]\n\n[a]: https://evil.example/x.png',
  '[a]\n\n[a]: data:text/html,x',
  // Autolinks and linkify
  '<javascript:alert(1)>',
  '<vbscript:alert(1)>',
  '<data:text/html,alert(1)>',
  'javascript:alert(1)',
  'visit javascript:alert(document.cookie) now',
  '<https://example.org/"onmouseover="alert(1)>',
  'www.example.org/"onmouseover="alert(1)',
  // Foreign and tricky images
  '![x](https://evil.example/x.png)',
  '![x](http://evil.example/x.png)',
  '![x](//evil.example/x.png)',
  '![x](javascript:alert(1))',
  '![x](data:image/png;base64,iVBORw0KGgo=)',
  '![x](data:image/svg+xml,<svg onload=alert(1)>)',
  '![x](/storage/v1/object/public/../../etc/passwd)',
  '![x](/storage/v1/object/public/covers/%2e%2e/%2e%2e/x)',
  '![x](/storage/v1/object/publicity/x.png)',
  '![x](/api/auth/sign-out)',
  '![x](/storage/v1/object/public//evil.example/x.png)',
  '![x](https://example.org/storage/v1/object/public/covers/a.webp)',
  // Nested and mixed
  '> <script>alert(1)</script>\n> [x](javascript:alert(1))',
  '- [x](javascript:alert(1))\n- <img src=x onerror=alert(1)>',
  '```html\n<script>alert(1)</script>\n```',
  '`<img src=x onerror=alert(1)>`',
  '# <svg onload=alert(1)>',
  '**<a href="javascript:alert(1)">x</a>**',
  '[![x](https://evil.example/x.png)](javascript:alert(1))',
  '[<img src=x onerror=alert(1)>](https://example.org)',
  '<a href="&#x6A;avascript:alert(1)">x</a>',
  '\u0000<script>alert(1)</script>',
  '<scr\u0000ipt>alert(1)</scr\u0000ipt>',
  `${'*'.repeat(200)}a${'_'.repeat(200)}`,
];

describe('renderMarkdown: hostile input', () => {
  it('holds 100 payloads', () => {
    expect(PAYLOADS).toHaveLength(100);
  });

  it.each(PAYLOADS.map((payload, index) => [index, payload] as const))('payload %i is made harmless', (_, payload) => {
    for (const body of [payload, `Intro paragraph.\n\n${payload}\n\nOutro.`]) {
      const html = renderMarkdown(body);
      expect(unsafety(html), html).toBeNull();
      expect(html).not.toMatch(/<script/i);
    }
  });

  it('finds what it looks for (the checks themselves)', () => {
    expect(unsafety('<p onclick="x">a</p>')).toMatch(/event handler/);
    expect(unsafety('<a href="javascript:alert(1)">a</a>')).toMatch(/javascript/);
    expect(unsafety('<a href="&#106;avascript:alert(1)">a</a>')).toMatch(/javascript/);
    expect(unsafety('<a href="java&#x09;script:alert(1)">a</a>')).toMatch(/script/);
    expect(unsafety('<img src="https://evil.example/x.png" alt="" />')).toMatch(/foreign image/);
    expect(unsafety('<iframe src="/x"></iframe>')).toMatch(/forbidden/);
    expect(unsafety('<p>javascript:alert(1) onerror=x</p>')).toBeNull();
    expect(unsafety(`<p><img src="${OWN_IMAGE}" alt="x" /> <a href="/books/1">b</a></p>`)).toBeNull();
  });
});

describe('renderMarkdown: what an article may use', () => {
  it('renders headings one level down, lists, quotes, emphasis and code', () => {
    const html = renderMarkdown(
      '# Title\n\n## Part\n\n### Deep\n\n#### Deeper\n\nSome **bold** and *italic* with `code`.\n\n- one\n- two\n\n3. three\n4. four\n\n> a quote\n\n```\nblock\n```\n\n---',
    );
    expect(html).toContain('<h2>Title</h2>');
    expect(html).toContain('<h3>Part</h3>');
    expect(html).toContain('<h4>Deep</h4>');
    expect(html).toContain('<h4>Deeper</h4>');
    expect(html).not.toMatch(/<h1/);
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<em>italic</em>');
    expect(html).toContain('<code>code</code>');
    expect(html).toContain('<ul>\n<li>one</li>');
    expect(html).toContain('<ol start="3">');
    expect(html).toContain('<blockquote>');
    expect(html).toContain('<pre><code>block\n</code></pre>');
    expect(html).toContain('<hr />');
  });

  it('keeps safe links, marking external ones', () => {
    const html = renderMarkdown(
      '[site](https://example.org/a?b=1) [mail](mailto:librarian@example.org) [book](/books/42) https://example.com/x',
    );
    expect(html).toContain('<a href="https://example.org/a?b=1" rel="noopener noreferrer nofollow">site</a>');
    expect(html).toContain('<a href="mailto:librarian@example.org">mail</a>');
    expect(html).toContain('<a href="/books/42">book</a>');
    expect(html).toContain('<a href="https://example.com/x" rel="noopener noreferrer nofollow">');
  });

  it('keeps our images and drops others, keeping nothing of them', () => {
    const html = renderMarkdown(`![A cover](${OWN_IMAGE}) ![evil](https://evil.example/x.png)`);
    expect(html).toContain(`<img src="${OWN_IMAGE}" alt="A cover" />`);
    expect(html).not.toContain('evil.example');
  });

  it('shows raw HTML as text and Arabic as written', () => {
    expect(renderMarkdown('a <b>tag</b>')).toBe('<p>a &lt;b&gt;tag&lt;/b&gt;</p>');
    expect(renderMarkdown('## مقدمة\n\nنصٌّ **عربي**.')).toBe('<h3>مقدمة</h3>\n<p>نصٌّ <strong>عربي</strong>.</p>');
  });

  it('renders nothing for an empty body', () => {
    expect(renderMarkdown('')).toBe('');
    expect(renderMarkdown('  \n ')).toBe('');
    expect(renderMarkdown(null)).toBe('');
  });
});

describe('readingMinutes', () => {
  it('counts about 200 words a minute in English and 150 in Arabic, at least one', () => {
    expect(readingMinutes(null, 'en')).toBeNull();
    expect(readingMinutes('', 'ar')).toBeNull();
    expect(readingMinutes('A few words.', 'en')).toBe(1);
    expect(readingMinutes(Array.from({ length: 1000 }, () => 'word').join(' '), 'en')).toBe(5);
    expect(readingMinutes(Array.from({ length: 900 }, () => 'كلمة').join(' '), 'ar')).toBe(6);
    expect(readingMinutes(`# ${Array.from({ length: 400 }, () => 'word').join(' ')} ![x](/a.png)`, 'en')).toBe(2);
  });
});
