/**
 * The import boundaries of DESIGN.md, as the lint rule enforces them: core/ never imports from app/, cli/
 * or provider/; app/ and cli/ never import from provider/ (they reach it through core's HTTP client), nor
 * from each other; the provider never imports from app/ or cli/. core/shared (its modules and its tests)
 * imports no area of core/, but the permissions engine's (keyed by the workspace's participant roles).
 */
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint();

/** The boundary messages ESLint gives for `source` as if it were the file at `path`. */
async function boundaryMessages(path: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path });
  return result!.messages.filter((message) => message.ruleId === "no-restricted-imports").map((message) => message.message);
}

describe("import boundaries", () => {
  it.each([
    ["core/shared/permissions/x.ts", 'import { config } from "../../app/config.server";\nexport const c = config;\n'],
    ["core/x.ts", 'import { run } from "../cli/main";\nexport const r = run;\n'],
    ["core/client/x.ts", 'import { openDatabase } from "../../provider/platform/db/index.js";\nexport const o = openDatabase;\n'],
  ])("refuses %s importing from outside core", async (path, source) => {
    expect(await boundaryMessages(path, source)).toEqual([expect.stringContaining("core/ never imports")]);
  });

  it.each([
    ["core/shared/x.ts", 'import { WORKSPACE_TOASTS } from "../workspaces/messages.js";\nexport const t = WORKSPACE_TOASTS;\n'],
    ["core/shared/permissions/x.ts", 'import { ROLES } from "../../administration/roles.js";\nexport const r = ROLES;\n'],
  ])("refuses %s (core/shared) importing an area", async (path, source) => {
    expect(await boundaryMessages(path, source)).toEqual([expect.stringContaining("core/shared/ holds what every area uses")]);
  });

  it("allows an area to import core/shared and another area's public files", async () => {
    expect(await boundaryMessages("core/financials/x.ts", 'import { LIMITS } from "../shared/limits.js";\nexport const l = LIMITS;\n')).toEqual([]);
    expect(await boundaryMessages("core/sdlt/x.ts", 'import { WORKSPACE_TOASTS } from "../workspaces/messages.js";\nexport const t = WORKSPACE_TOASTS;\n')).toEqual([]);
  });

  it.each([
    ["app/routes/x.tsx", 'import { openDatabase } from "../../provider/platform/db/index.js";\nexport const o = openDatabase;\n'],
    ["cli/commands/x.ts", 'import { buildServer } from "../../provider/platform/server.js";\nexport const b = buildServer;\n'],
  ])("refuses %s importing from the provider", async (path, source) => {
    expect(await boundaryMessages(path, source)).toEqual([expect.stringContaining("reach the provider only through")]);
  });

  it.each([
    ["provider/workspaces/x.ts", 'import { config } from "../../app/config.server";\nexport const c = config;\n', "provider/ never imports"],
    ["provider/platform/x.ts", 'import { run } from "../../cli/main.js";\nexport const r = run;\n', "provider/ never imports"],
    ["app/routes/x.tsx", 'import { run } from "../../cli/main.js";\nexport const r = run;\n', "app/ never imports from cli/"],
    ["cli/commands/x.ts", 'import { config } from "../../app/config.server";\nexport const c = config;\n', "cli/ never imports from app/"],
  ])("refuses %s importing across the other sides", async (path, source, message) => {
    expect(await boundaryMessages(path, source)).toEqual([expect.stringContaining(message)]);
  });

  it.each([
    ["core/shared/fields.test.ts", 'import { PartySchema } from "../parties/schemas.js";\nexport const p = PartySchema;\n'],
    ["core/shared/length-limits.test-helper.ts", 'import { SDLT_LIMITS } from "../sdlt/enums.js";\nexport const l = SDLT_LIMITS;\n'],
    ["core/shared/permissions/roles.test.ts", 'import { ASSIGNABLE_ROLES } from "../../administration/roles.js";\nexport const r = ASSIGNABLE_ROLES;\n'],
  ])("refuses %s, a test in core/shared, importing an area", async (path, source) => {
    expect(await boundaryMessages(path, source)).toEqual([expect.stringContaining("core/shared/ holds what every area uses")]);
  });

  it("lets the permissions engine's tests import the workspace area, and an area's tests import core/shared", async () => {
    const workspaceEnums = 'import { PARTICIPANT_ROLES } from "../../workspaces/enums.js";\nexport const p = PARTICIPANT_ROLES;\n';
    expect(await boundaryMessages("core/shared/permissions/actions.test.ts", workspaceEnums)).toEqual([]);
    expect(await boundaryMessages("core/shared/permissions/contextual.test.ts", workspaceEnums)).toEqual([]);
    expect(await boundaryMessages("core/sdlt/schemas.test.ts", 'import { messageAt } from "../shared/length-limits.test-helper.js";\nexport const m = messageAt;\n')).toEqual([]);
  });

  it("allows app/ and cli/ to import core, and the provider to import core's pure rules", async () => {
    expect(await boundaryMessages("app/routes/x.tsx", 'import { can } from "../../core/shared/permissions/actions.js";\nexport const c = can;\n')).toEqual([]);
    expect(await boundaryMessages("cli/commands/x.ts", 'import { can } from "../../core/shared/permissions/actions.js";\nexport const c = can;\n')).toEqual([]);
    expect(await boundaryMessages("provider/services/x.ts", 'import { can } from "../../core/shared/permissions/actions.js";\nexport const c = can;\n')).toEqual([]);
  });
});
