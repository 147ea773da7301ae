/**
 * The caption sanitiser (docs/behaviour.md#captions-display): only the tags c, b, i, u, span, ruby, rt, br, v and lang, and only the
 * attributes title and lang, survive; everything else (script, style, event handlers, links, images,
 * data-* and aria-* attributes) is removed, the text inside unknown tags kept. Needs a DOM (DOMPurify).
 */
import DOMPurify from 'dompurify';
import { CAPTION_ALLOWED_ATTRIBUTES, CAPTION_ALLOWED_TAGS } from '../../core/captions/display';

export const sanitizeCaption = (html: string): string =>
  DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [...CAPTION_ALLOWED_TAGS],
    ALLOWED_ATTR: [...CAPTION_ALLOWED_ATTRIBUTES],
    // DOMPurify keeps data-* and aria-* attributes unless told not to; only title and lang are allowed.
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    KEEP_CONTENT: true,
  });
