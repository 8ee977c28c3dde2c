/**
 * Examples for every command's help (`convey <command> --help` ends with them), kept in one table so that
 * a test can prove no command is without them.
 */
import type { Command } from "commander";

export const EXAMPLES: Readonly<Record<string, readonly string[]>> = {
  "": ["convey login", "convey users list --subscriber <id> --output csv > users.csv", "convey users suspend jane@example.com --yes"],
  login: ["convey login", "convey login --subscriber 5b000000-0000-4000-8000-000000000004", "CONVEY_CLIENT_SECRET=… convey login --client-id <id>"],
  logout: ["convey logout", "convey --profile staging logout --force"],
  whoami: ["convey whoami", "convey --json whoami | jq -r .user.email"],
  "auth status": ["convey auth status", "CONVEY_PROFILE=staging convey auth status", "CONVEY_TOKEN=$TOKEN convey --api-url https://provider.example auth status --json"],
  "users list": [
    "convey users list --search harper --status Active --role \"User Manager\"",
    "convey users list --all --output csv > users.csv",
    "convey users list --subscriber <id> --sort email --order desc --limit 20 --page 2",
  ],
  "users show": ["convey users show jane@example.com", "convey --json users show jane@example.com --subscriber <id>"],
  "users add": ["convey users add --email jane@example.com --first-name Jane --last-name Smith --role \"Workspace User\""],
  "users edit": [
    "convey users edit jane@example.com --add-role \"Workspace Approver\" --remove-role \"Workspace User\"",
    "convey users edit jane@example.com --middle-name \"\"",
  ],
  "users resend-activation": ["convey users resend-activation jane@example.com"],
  "users roles": ["convey users roles", "convey --json users roles --subscriber <id>"],
  "users import": ["convey users import users.csv --dry-run", "convey users import users.csv --yes", "convey --json users import users.json > report.json"],
  "users export": ["convey users export > users.csv", "convey users export --format json --output users.json"],
  "users suspend": [
    "convey users suspend jane@example.com",
    "convey users suspend jane@example.com --yes",
    "convey users suspend jane@example.com --subscriber <id> --yes   # helpdesk: that subscriber only",
    "convey users suspend jane@example.com --all-subscribers --yes   # helpdesk: every subscriber",
  ],
  "users unsuspend": ["convey users unsuspend jane@example.com", "convey users unsuspend jane@example.com --all-subscribers --yes"],
  "users unblock": ["convey users unblock jane@example.com", "convey --json users unblock jane@example.com --subscriber <id>"],
  "mail list": ["convey mail list", "convey mail list --to jane@example.com --output json"],
  "mail show": ["convey mail show <id>", "convey mail list --to jane@example.com --json | jq -r '.records[0].id' | xargs convey mail show"],
  "ip-allow-list show": ["convey ip-allow-list show", "convey --json ip-allow-list show --subscriber <id>"],
  "ip-allow-list set": ["convey ip-allow-list set 203.0.113.0/24 2001:db8::/32", "convey ip-allow-list set --none --yes"],
  "ip-allow-list add": ["convey ip-allow-list add 198.51.100.7"],
  "ip-allow-list remove": ["convey ip-allow-list remove 198.51.100.7 --yes"],
  "lodgement-identifiers show": ["convey lodgement-identifiers show"],
  "lodgement-identifiers set": [
    "convey lodgement-identifiers set --primary-user hv-1 --secondary-user hv-2",
    "printf '%s\\n%s\\n' \"$PRIMARY\" \"$SECONDARY\" | convey lodgement-identifiers set --password-stdin --yes",
  ],
  "subscribers list": ["convey subscribers list --type \"Law Firm\" --type Lender", "convey subscribers list --output json"],
  "audit list": ["convey audit list --action USER_SUSPENDED", "convey audit list --subscriber <id> --limit 100 --output csv"],
  "flags list": ["convey flags list", "convey flags list --environment production --output json"],
  "flags set": ["convey flags set sdltEnabled on --environment sandbox", "convey flags set sdltEnabled off --environment production --yes"],
  "jobs list": ["convey jobs list --state failed", "convey jobs list --name sweep-expired-identity-records --output csv"],
  "accounts list": ["convey accounts list", "convey accounts list --subscriber <id> --verified --output csv"],
  "accounts add": ["convey accounts add --display-name \"Northgate redemptions\" --account-name \"Northgate Bank\" --sort-code 08-99-99 --account-number 10000003"],
  "accounts verify": ["convey accounts verify fa000000-0000-4000-8000-000000000002 --yes"],
  "accounts remove": ["convey accounts remove fa000000-0000-4000-8000-000000000002 --yes"],
  "accounts import": ["convey accounts import accounts.csv", "convey --json accounts import accounts.csv --subscriber <id>"],
  "jobs retry": ["convey jobs retry 0f8fad5b-d9cb-469f-a165-70867728950e"],
  "workspaces show": ["convey workspaces show WS-0000001", "convey --json workspaces show 5c000000-0000-4000-8000-000000000001 | jq .parties"],
  "documents list": ["convey documents list WS-0000011", "convey documents list WS-0000011 --output csv"],
  "lodgement status": ["convey lodgement status WS-0000011", "convey --json lodgement status WS-0000011 | jq .requests"],
  "sdlt calculate": [
    "convey sdlt calculate --price 295000 --effective-date 2025-06-01",
    "convey sdlt calculate --price 450000 --effective-date 2025-06-01 --first-time-buyer --non-resident",
    "convey --json sdlt calculate --price 275000 --effective-date 2025-06-01 --kind mixed | jq .tax",
  ],
  "sdlt status": ["convey sdlt status WS-0000011", "convey --json sdlt status WS-0000011 | jq .taxApplication.filing"],
  completion: ["convey completion bash > /etc/bash_completion.d/convey   # or: source <(convey completion bash)", "convey completion zsh >> ~/.zshrc", "convey completion fish > ~/.config/fish/completions/convey.fish"],
};

/** The words after `convey` that name a command. */
export function commandPath(command: Command): string {
  const names: string[] = [];
  for (let current: Command | null = command; current?.parent; current = current.parent) names.unshift(current.name());
  return names.join(" ");
}

/** Adds its examples to the help of the program and of every command that runs something (not the groups). */
export function addExamples(program: Command): void {
  const visit = (command: Command) => {
    const examples = EXAMPLES[commandPath(command)];
    if (examples) command.addHelpText("after", `\nExamples:\n${examples.map((line) => `  $ ${line}`).join("\n")}`);
    command.commands.forEach(visit);
  };
  visit(program);
}
