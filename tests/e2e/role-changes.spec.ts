/**
 * A change of a user's roles reaches their open session on its next page (decision 0021): the helpdesk
 * gives the Keystone viewer the User Manager role through the CLI, and the viewer's next page has the Users
 * tab (and the provider lets them list users); taking it away removes both on the next page.
 */
import { expect, test, type Page } from "@playwright/test";
import { helpdeskApi, SUBSCRIBERS, type HelpdeskApi } from "./administration-support";
import { login, runCli, USERS } from "./support";

const tabs = (page: Page) => page.getByRole("banner").locator("ul.tabs").getByRole("link").allInnerTexts();

test("a role given and taken away shows in the user's menu on their next page", async ({ page, browser }) => {
  const helpdeskContext = await browser.newContext();
  let api: HelpdeskApi | undefined;
  const editRoles = async (flag: "--add-role" | "--remove-role") => {
    const result = await runCli(
      ["users", "edit", USERS.viewer.email, "--subscriber", SUBSCRIBERS.keystone.subscriberId, flag, "User Manager"],
      api!.cliDir,
    );
    expect(result.code, result.stderr).toBe(0);
  };
  try {
    api = await helpdeskApi(await helpdeskContext.newPage());
    await login(page, USERS.viewer.email);
    expect(await tabs(page)).toEqual(["Workspaces"]);

    await editRoles("--add-role");
    await page.goto("/workspaces");
    await expect.poll(() => tabs(page)).toEqual(["Workspaces", "Users"]);
    await page.getByRole("banner").getByRole("link", { name: "Users" }).click();
    await expect(page.getByRole("heading", { name: "Users", level: 1 })).toBeVisible();

    await editRoles("--remove-role");
    await page.goto("/workspaces");
    await expect.poll(() => tabs(page)).toEqual(["Workspaces"]);
    await page.goto("/users");
    await expect(page.getByRole("heading", { name: "Users", level: 1 })).toHaveCount(0);
  } finally {
    // Whatever happened, the viewer is left without the role.
    if (api) await runCli(["users", "edit", USERS.viewer.email, "--subscriber", SUBSCRIBERS.keystone.subscriberId, "--role", "Workspace Viewer"], api.cliDir);
    await helpdeskContext.close();
  }
});
