/** The common validation messages of document 1 section 5. */
export const required = (field: string) => `${field} is required`;
export const tooLong = (field: string, n: number) => `${field} must not exceed ${n} characters`;
export const tooShort = (field: string, n: number) => `${field} must contain at least ${n} characters`;
export const invalid = (field: string) => `Enter a valid ${field}`;
export const noLeadingWhitespace = (field: string) => `${field} must not start with a space`;

export const VALIDATION_MESSAGES = { required, tooLong, tooShort, invalid, noLeadingWhitespace } as const;
