import { Box, Text } from "ink";
import type { Me } from "../../core/identity/api.js";
import { fullName } from "../../core/administration/subscribers.js";
import type { Io } from "../io.js";
import { printResult } from "./render.js";
import { Tone } from "./theme.js";

export interface WhoAmIProps {
  me: Me;
  apiUrl: string;
  profile: string;
}

/** The caller as the provider sees them: a two-column table of label and value. */
export function WhoAmI({ me, apiUrl, profile }: WhoAmIProps) {
  const subscriber = me.selectedSubscriber
    ? `${me.selectedSubscriber.name} (${me.selectedSubscriber.entityType})`
    : "None selected";
  const rows: [string, string][] = [
    ["Name", fullName(me.user)],
    ["Email", me.user.email],
    ["Subscriber", subscriber],
    ["Roles", me.roles.length > 0 ? me.roles.join(", ") : "None"],
    ["Provider", profile === "default" ? apiUrl : `${apiUrl} (profile ${profile})`],
  ];
  return (
    <Box flexDirection="column">
      {rows.map(([label, value]) => (
        <Box key={label}>
          <Box width={12} flexShrink={0}>
            <Tone tone="muted">{label}</Tone>
          </Box>
          <Text>{value}</Text>
        </Box>
      ))}
    </Box>
  );
}

export function printWhoAmI(io: Io, props: WhoAmIProps): void {
  printResult(io, <WhoAmI {...props} />);
}
