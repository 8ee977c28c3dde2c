/** A standalone card for the public account and status pages (document 1 section 2.2). */
import type { ReactNode } from "react";

export function StatusCard({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <article className="status-card" aria-labelledby="status-card-title">
      <header>
        <h1 id="status-card-title">{title}</h1>
      </header>
      {children}
      {action ? <footer>{action}</footer> : null}
    </article>
  );
}
