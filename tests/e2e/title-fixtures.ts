/** The land registry sandbox's title numbers the browser tests use, one per outcome (docs/sandboxes.md). */
export const TITLE_FIXTURES = {
  success: "",
  changes: "",
  notFound: "",
  error: "",
  pending: "",
} as const;
