/**
 * The benchmark's sections, run in this order at every size. Add a section here (e.g. the /workspaces page
 * end to end, its throughput against a bare page, and the JavaScript a first visit downloads).
 */
import type { BenchSection } from "../lib/types.js";
import { documentUploadSection } from "./document-upload.js";
import { searchSection } from "./search.js";
import { lineItemSaveSection } from "./line-item-save.js";
import { titleSearchSection } from "./title-search.js";
import { usersImportSection } from "./users-import.js";
import { usersSection } from "./users.js";
import { workspaceTabsSection } from "./workspace-tabs.js";
import { workspacesPageSection } from "./workspaces-page.js";

export const SECTIONS: readonly BenchSection[] = [searchSection, usersImportSection, workspacesPageSection, workspaceTabsSection, titleSearchSection, lineItemSaveSection, documentUploadSection, usersSection];
