/**
 * The provider client and use-cases from core, behind a .server module so that route modules can import
 * them without pulling undici into the browser bundle.
 */
export * from "../core/client/index.js";
