/**
 * Shell completion scripts for `convey completion bash|zsh|fish`, written from the commands themselves
 * (commander's tree), so a new command or option completes without anyone editing a script.
 */
import type { Command } from "commander";

export const SHELLS = ["bash", "zsh", "fish"] as const;
export type Shell = (typeof SHELLS)[number];

interface Node {
  /** The words after `convey`, e.g. "users list"; "" for convey itself. */
  path: string;
  subcommands: { name: string; description: string }[];
  options: { flag: string; description: string }[];
}

/** Every command of the program with its subcommands and long options (and the program-wide ones). */
export function commandTree(program: Command): Node[] {
  const nodes: Node[] = [];
  const visit = (command: Command, path: string) => {
    nodes.push({
      path,
      subcommands: command.commands.map((sub) => ({ name: sub.name(), description: sub.description() })),
      options: [...command.options, ...(path === "" ? [] : program.options.filter((option) => option.long !== "--version"))]
        .filter((option) => option.long)
        .map((option) => ({ flag: option.long!, description: option.description })),
    });
    for (const sub of command.commands) visit(sub, path ? `${path} ${sub.name()}` : sub.name());
  };
  visit(program, "");
  return nodes;
}

const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** The bash function: walks the words typed so far down the tree, then offers that command's words. */
export function bashScript(program: Command): string {
  const nodes = commandTree(program);
  const cases = nodes
    .map((node) => {
      const words = [...node.subcommands.map((sub) => sub.name), ...node.options.map((option) => option.flag), "--help"];
      return `    ${quote(node.path)}) words=${quote(words.join(" "))} ;;`;
    })
    .join("\n");
  const paths = nodes.map((node) => node.path).filter(Boolean);
  return `# convey completion for bash: add to ~/.bashrc
#   source <(convey completion bash)
_convey() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" path="" word words
  local paths=${quote(`|${paths.join("|")}|`)}
  for word in "\${COMP_WORDS[@]:1:COMP_CWORD-1}"; do
    local next="\${path:+$path }$word"
    [[ "$paths" == *"|$next|"* ]] && path="$next"
  done
  case "$path" in
${cases}
    *) words="" ;;
  esac
  COMPREPLY=($(compgen -W "$words" -- "$cur"))
}
complete -F _convey convey
`;
}

/** zsh runs the bash function through bashcompinit. */
export function zshScript(program: Command): string {
  return `# convey completion for zsh: add to ~/.zshrc
#   source <(convey completion zsh)
autoload -U +X compinit && compinit
autoload -U +X bashcompinit && bashcompinit
${bashScript(program).replace(/^# convey completion for bash.*\n#.*\n/, "")}`;
}

/** fish: one `complete` line per word, offered when the words typed so far lead to its command. */
export function fishScript(program: Command): string {
  const nodes = commandTree(program);
  const paths = nodes.map((node) => node.path).filter(Boolean);
  const lines = [
    "# convey completion for fish: save as ~/.config/fish/completions/convey.fish",
    "#   convey completion fish > ~/.config/fish/completions/convey.fish",
    "function __convey_path",
    `    set -l paths ${paths.map(quote).join(" ")}`,
    "    set -l path ''",
    "    for word in (commandline -opc)[2..-1]",
    "        set -l next (string trim -- \"$path $word\")",
    "        if contains -- $next $paths",
    "            set path $next",
    "        end",
    "    end",
    "    echo $path",
    "end",
    "complete -c convey -f",
  ];
  for (const node of nodes) {
    const at = `-n ${quote(`test (__convey_path) = ${quote(node.path)}`)}`;
    for (const sub of node.subcommands) lines.push(`complete -c convey ${at} -a ${quote(sub.name)} -d ${quote(sub.description)}`);
    for (const option of node.options) lines.push(`complete -c convey ${at} -l ${quote(option.flag.slice(2))} -d ${quote(option.description)}`);
  }
  return `${lines.join("\n")}\n`;
}

export function completionScript(program: Command, shell: Shell): string {
  return shell === "bash" ? bashScript(program) : shell === "zsh" ? zshScript(program) : fishScript(program);
}
