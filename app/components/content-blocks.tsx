import type { DisplayedBlock } from "#app/modules/content/page-blocks";
import { cn } from "#app/lib/utils";

/** The content blocks of a site page, in their order: text, html (sanitized on the server) or image. */
export function ContentBlocks({ blocks, className }: { blocks: readonly DisplayedBlock[]; className?: string }) {
  if (blocks.length === 0) return null;
  return (
    <div className={cn("grid gap-8", className)} data-content-blocks="">
      {blocks.map((block) =>
        block.type === "image" ? (
          <figure key={block.id} data-block={block.name}>
            <img src={block.content} alt={block.title} loading="lazy" className="w-full rounded-2xl object-cover" />
          </figure>
        ) : (
          <section key={block.id} data-block={block.name} className="prose-content">
            <h2>{block.title}</h2>
            {block.type === "html" ? (
              <div dangerouslySetInnerHTML={{ __html: block.content }} />
            ) : (
              <p className="whitespace-pre-line">{block.content}</p>
            )}
          </section>
        ),
      )}
    </div>
  );
}
