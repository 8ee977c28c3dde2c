/** The I/O half of core: the provider client and the use-cases built on it (server-side only). */
export * from "./provider-client.js";
export * from "./subscribers.js";
export * from "./feature-flags.js";
export * from "./oauth.js";
export * from "./workspaces.js";
export * from "./administration.js";
