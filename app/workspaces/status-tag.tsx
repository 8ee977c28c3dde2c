/** The status tag with its badge colour (document 1 section 4), and the plain tags of the header. */
import type { ReactNode } from "react";
import type { BadgeColour } from "../../core/workspaces/status.js";

export function StatusTag({ label, colour }: { label: string; colour: BadgeColour }) {
  return <span className={`tag tag-status tag-${colour}`}>{label}</span>;
}

export function Tag({ children }: { children: ReactNode }) {
  return <span className="tag">{children}</span>;
}
