import type { AnchorHTMLAttributes } from "react";

type ExternalLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "target" | "rel"> & { href: string };

/** A link to another website, opened in a new tab without giving that page access to ours. */
export function ExternalLink({ children, ...props }: ExternalLinkProps) {
  return (
    <a target="_blank" rel="noopener noreferrer" {...props}>
      {children} <span className="visually-hidden">(opens in a new tab)</span>
    </a>
  );
}
