/** A standalone card for the public account and status pages (document 1 section 2.2). */
import type { ReactNode } from "react";
import { ACCOUNT_PAGE_TEXTS } from "../../core/identity/account-pages.js";

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

export type AccountPage = keyof typeof ACCOUNT_PAGE_TEXTS;

/** An account page's card with core's texts; `action` is its button (the label from `accountPageButton`). */
export function AccountCard({ page, action }: { page: AccountPage; action?: ReactNode }) {
  const texts = ACCOUNT_PAGE_TEXTS[page];
  return (
    <StatusCard title={texts.title} action={action}>
      {texts.paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </StatusCard>
  );
}

/** The title of an account page, for its `meta`. */
export function accountPageTitle(page: AccountPage): string {
  return ACCOUNT_PAGE_TEXTS[page].title;
}

/** The label of an account page's button. */
export function accountPageButton(page: AccountPage): string {
  return ACCOUNT_PAGE_TEXTS[page].button ?? "";
}
