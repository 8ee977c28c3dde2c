/** The root loader's data, for components anywhere in the tree. */
import { useRouteLoaderData } from "@remix-run/react";
import type { Toast } from "../../core/shared/errors.js";
import type { HeaderModel } from "../components/header-model.server";

export interface RootData {
  /** The session's CSRF token (null without a session). */
  csrfToken: string | null;
  toast: Toast | null;
  /** The header of an authenticated page; null on public pages and without a session. */
  header: HeaderModel | null;
  helpUrl: string;
}

export function useRootData(): RootData | undefined {
  return useRouteLoaderData("root") as RootData | undefined;
}
