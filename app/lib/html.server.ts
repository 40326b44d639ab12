import sanitizeHtml from "sanitize-html";

/**
 * Sanitize admin-authored HTML before storing or rendering it. Only
 * presentational tags, safe links (http, https, mailto, relative) and images.
 */
export function sanitizeRichHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      "p", "br", "strong", "b", "em", "i", "u", "s", "span", "a", "ul", "ol", "li",
      "h2", "h3", "h4", "blockquote", "img", "hr", "small", "sup", "sub", "table", "thead",
      "tbody", "tr", "th", "td", "figure", "figcaption",
    ],
    allowedAttributes: {
      a: ["href", "title", "target", "rel"],
      img: ["src", "alt", "width", "height", "loading"],
      span: ["class"],
      th: ["colspan", "rowspan"],
      td: ["colspan", "rowspan"],
    },
    allowedClasses: { span: ["highlight", "text-brand-600", "text-brand-700"] },
    allowedSchemes: ["http", "https", "mailto"],
    allowedSchemesByTag: { img: ["http", "https"] },
    allowProtocolRelative: false,
    transformTags: {
      a: (tagName, attribs) => {
        const external = /^https?:\/\//i.test(attribs.href ?? "");
        return {
          tagName,
          attribs: external ? { ...attribs, target: "_blank", rel: "noopener noreferrer nofollow" } : attribs,
        };
      },
    },
  });
}

/** Inline-only HTML (hero titles): no blocks, no links, no images. */
export function sanitizeInlineHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ["span", "strong", "em", "b", "i", "br", "u", "mark"],
    allowedAttributes: { span: ["class"] },
    allowedClasses: { span: ["highlight", "text-brand-600", "text-brand-700"] },
  });
}

/** True when sanitized HTML shows nothing: no text and no image (e.g. "<p></p>", "<script>…</script>"). */
export function isBlankHtml(html: string): boolean {
  const clean = sanitizeRichHtml(html);
  return !/<img\b/i.test(clean) && !sanitizeHtml(clean, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;|\s/g, "");
}
