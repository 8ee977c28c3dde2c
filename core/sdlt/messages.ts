/** SDLT toasts (document 3 section 8.3). */
export const SDLT_TOASTS = {
  confirmed: { title: "Success", message: "stamp duty confirmed" },
  sectionSaved: (section: string) => `${section} saved successfully`,
} as const;
