import { cn } from "~/utils/cn";

/** HTML rendered from content/ on the server (sanitized there: see markdown.server.ts). */
export function Markdown({ html, className }: { html: string; className?: string }) {
  return <div className={cn("prose-content", className)} dangerouslySetInnerHTML={{ __html: html }} />;
}
