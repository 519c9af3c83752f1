import { PUBLIC_OBJECT_PREFIX } from '@maktaba/shared/schemas/storage';
import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

/**
 * An article body's Markdown as safe HTML. Two lines of defence: markdown-it renders with raw HTML
 * off (a tag in the text is shown as text) and only the link schemes below; then sanitize-html
 * keeps an allowlist of tags and attributes, whatever the first step produced:
 *
 * - h2–h4 (a `#` heading becomes h2: the page has the h1), p, br, ul/ol/li, blockquote,
 *   strong/em, code/pre, hr;
 * - a[href] with http, https, mailto or one of our own paths (`/…`, never `//host`);
 *   external links get `rel="noopener noreferrer nofollow"`;
 * - img[src, alt] only when src is our storage's public path; any other image is dropped.
 *
 * Everything else is dropped: the contents of script, style and similar elements with them,
 * other elements leaving their text. The function is pure; the service caches its results.
 */

const ALLOWED_TAGS = [
  'h2',
  'h3',
  'h4',
  'p',
  'br',
  'ul',
  'ol',
  'li',
  'blockquote',
  'strong',
  'em',
  'code',
  'pre',
  'hr',
  'a',
  'img',
];

/** An image in our storage: `/storage/v1/object/public/<bucket>/<key>`, nothing that climbs out of it. */
export function isOwnImage(src: string | undefined): boolean {
  if (!src) return false;
  if (!src.startsWith(`${PUBLIC_OBJECT_PREFIX}/`)) return false;
  const rest = src.slice(PUBLIC_OBJECT_PREFIX.length + 1);
  if (!/^[A-Za-z0-9][A-Za-z0-9._~%/-]*(?:\?[A-Za-z0-9=&._-]*)?$/.test(rest)) return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(rest);
  } catch {
    return false;
  }
  return !/(^|\/)\.\.?(\/|$)|\\|\/\//.test(decoded);
}

/** One of our own paths: starts with a single `/` (not `//host` nor `/\host`). */
function isOwnPath(href: string): boolean {
  return /^\/(?![/\\])/.test(href);
}

const SAFE_SCHEME = /^(?:https?:\/\/|mailto:)/i;

/** A link markdown-it may write: http(s), mailto or our own path. Everything else stays text. */
function isSafeLink(url: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters hide schemes.
  const compact = url.trim().replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (isOwnPath(compact)) return true;
  return SAFE_SCHEME.test(compact);
}

function isExternal(href: string): boolean {
  return /^https?:\/\//i.test(href);
}

const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false, breaks: false });
markdown.disable(['table', 'strikethrough']);
markdown.validateLink = isSafeLink;

// A `#` heading is h2, `##` h3, deeper ones h4: the article page has the only h1.
const shiftHeading = (token: { tag: string }) => {
  const level = Number(token.tag.slice(1));
  token.tag = `h${Math.min(level + 1, 4)}`;
};
markdown.core.ruler.push('shift_headings', (state) => {
  for (const token of state.tokens) {
    if (token.type === 'heading_open' || token.type === 'heading_close') shiftHeading(token);
  }
  return true;
});

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { a: ['href', 'rel'], img: ['src', 'alt'], ol: ['start'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math'],
  transformTags: {
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      const kept: sanitizeHtml.Attributes = {};
      if (href && (isOwnPath(href) || SAFE_SCHEME.test(href))) {
        kept.href = href;
        if (isExternal(href)) kept.rel = 'noopener noreferrer nofollow';
      }
      return { tagName, attribs: kept };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !isOwnImage(frame.attribs.src),
};

/** The sanitised HTML of an article body's Markdown (an empty string for an empty body). */
export function renderMarkdown(source: string | null | undefined): string {
  if (!source?.trim()) return '';
  return sanitizeHtml(markdown.render(source), SANITIZE).trim();
}
