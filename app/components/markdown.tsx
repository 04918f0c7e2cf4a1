/**
 * Renders Markdown as React elements from the parsed tree (never through
 * dangerouslySetInnerHTML), so any HTML in the source is shown as text.
 */
import { createElement, type ReactNode } from "react";
import { type Block, type Inline, parseMarkdown } from "~/lib/markdown";

function isExternal(href: string): boolean {
  return /^https?:/i.test(href);
}

function renderInline(nodes: Inline[]): ReactNode[] {
  return nodes.map((node, i) => {
    switch (node.type) {
      case "text":
        return node.text;
      case "strong":
        return <strong key={i}>{renderInline(node.children)}</strong>;
      case "em":
        return <em key={i}>{renderInline(node.children)}</em>;
      case "code":
        return (
          <code key={i} className="rounded bg-neutral-100 px-1 py-0.5 text-[0.9em]">
            {node.text}
          </code>
        );
      case "link":
        return (
          <a
            key={i}
            href={node.href}
            // Links written into content are not endorsements, and the other site gets no handle on this page.
            rel={isExternal(node.href) ? "nofollow noopener noreferrer" : undefined}
            className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-600"
          >
            {renderInline(node.children)}
          </a>
        );
    }
  });
}

const headingClass: Record<number, string> = {
  1: "mt-10 text-3xl font-bold tracking-tight",
  2: "mt-10 text-2xl font-semibold tracking-tight",
  3: "mt-8 text-xl font-semibold",
  4: "mt-6 text-lg font-semibold",
  5: "mt-6 font-semibold",
  6: "mt-6 font-semibold",
};

function renderBlock(block: Block, i: number, minHeading: number): ReactNode {
  switch (block.type) {
    case "heading": {
      const level = Math.min(6, Math.max(block.level, minHeading));
      return createElement(`h${level}`, { key: i, className: headingClass[level] }, renderInline(block.children));
    }
    case "paragraph":
      return (
        <p key={i} className="mt-4 leading-relaxed">
          {renderInline(block.children)}
        </p>
      );
    case "list": {
      const items = block.items.map((item, j) => <li key={j}>{renderInline(item)}</li>);
      return block.ordered ? (
        <ol key={i} start={block.start === 1 ? undefined : block.start} className="mt-4 list-decimal space-y-2 pl-6 leading-relaxed">
          {items}
        </ol>
      ) : (
        <ul key={i} className="mt-4 list-disc space-y-2 pl-6 leading-relaxed">
          {items}
        </ul>
      );
    }
  }
}

/**
 * `minHeading`: the page already has its h1 (the article title), so body
 * headings start one level below it and the outline stays valid.
 */
export function Markdown({ source, minHeading = 2, className }: { source: string; minHeading?: number; className?: string }) {
  return <div className={className}>{parseMarkdown(source).map((block, i) => renderBlock(block, i, minHeading))}</div>;
}
