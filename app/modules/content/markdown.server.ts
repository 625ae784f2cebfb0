import rehypeAutolinkHeadings from "rehype-autolink-headings";
import rehypeHighlight from "rehype-highlight";
import rehypeSanitize from "rehype-sanitize";
import rehypeSlug from "rehype-slug";
import rehypeStringify from "rehype-stringify";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";

export interface TocEntry {
  id: string;
  depth: 2 | 3;
  text: string;
}

export interface RenderedMarkdown {
  html: string;
  toc: TocEntry[];
  /** The words, for search and reading time. */
  text: string;
}

// The few hast fields read here (several @types/hast versions coexist in node_modules).
interface HastNode {
  type: string;
  tagName?: string;
  value?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

const textOf = (node: HastNode): string => (node.type === "text" ? (node.value ?? "") : (node.children ?? []).map(textOf).join(""));

/** Collects h2/h3 (after rehype-slug gave them ids) for the table of contents. */
function collectToc(toc: TocEntry[]) {
  return () => (tree: HastNode) => {
    const visit = (node: HastNode) => {
      for (const child of node.children ?? []) {
        if (child.type !== "element") continue;
        const id = child.properties?.id;
        if ((child.tagName === "h2" || child.tagName === "h3") && typeof id === "string") {
          toc.push({ id, depth: child.tagName === "h2" ? 2 : 3, text: textOf(child).trim() });
        }
        visit(child);
      }
    };
    visit(tree);
  };
}

/** Code blocks and tables scroll sideways on small screens: they must be reachable by keyboard. */
function focusableScrollers() {
  return () => (tree: HastNode) => {
    const visit = (node: HastNode) => {
      for (const child of node.children ?? []) {
        if (child.type === "element" && (child.tagName === "pre" || child.tagName === "table")) child.properties = { ...child.properties, tabIndex: 0 };
        visit(child);
      }
    };
    visit(tree);
  };
}

/**
 * Markdown from content/ to HTML that is safe to insert: raw HTML in the source is dropped and the
 * result sanitized BEFORE anything of ours (heading ids and anchors, code highlighting) is added.
 */
export function renderMarkdown(markdown: string): RenderedMarkdown {
  const toc: TocEntry[] = [];
  const file = unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkRehype) // raw HTML is not passed through
    .use(rehypeSanitize)
    .use(rehypeSlug)
    .use(collectToc(toc))
    .use(rehypeAutolinkHeadings, {
      behavior: "append",
      properties: { className: ["heading-anchor"], ariaHidden: "true", tabIndex: -1 },
      content: { type: "text", value: "#" },
      test: ["h2", "h3"],
    })
    .use(rehypeHighlight, { detect: false })
    .use(focusableScrollers())
    .use(rehypeStringify)
    .processSync(markdown);
  const text = markdown
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/[#>*_`[\]()-]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return { html: String(file), toc, text };
}

/** Minutes to read, at about 220 words a minute, at least one. */
export function readingMinutes(text: string): number {
  return Math.max(1, Math.round(text.split(/\s+/).filter(Boolean).length / 220));
}
