import { Box, Text } from "ink";
import { Task } from "./task.js";
import { Tone } from "./theme.js";

export interface DeviceCodeProps {
  verificationUri: string;
  verificationUriComplete?: string;
  userCode: string;
  /** Minutes left to approve, as the provider said when the code was issued. */
  expiresInMinutes: number;
  /** "waiting" shows a spinner on a terminal; "static" prints the same words once, for logs. */
  state: "waiting" | "static" | "approved" | "failed";
}

const TASK_TITLES: Partial<Record<DeviceCodeProps["state"], string>> = {
  approved: "Login approved",
  failed: "Login not completed",
};
const TASK_STATES = { waiting: "running", static: "running", approved: "done", failed: "failed" } as const;

/** Where to approve the device login, and the code to type there. */
export function DeviceCode(props: DeviceCodeProps) {
  const minutes = `${props.expiresInMinutes} minute${props.expiresInMinutes === 1 ? "" : "s"}`;
  const waiting = `Waiting for the login to be approved (the code expires in ${minutes})…`;
  return (
    <Box flexDirection="column">
      <Text>To log in, open this address in a browser:</Text>
      <Box marginLeft={2}>
        <Tone tone="info">{props.verificationUri}</Tone>
      </Box>
      <Text>and enter the code:</Text>
      <Box marginLeft={2}>
        <Tone tone="strong">{props.userCode}</Tone>
      </Box>
      {props.verificationUriComplete ? (
        <Tone tone="muted">(or open {props.verificationUriComplete}, which fills the code in)</Tone>
      ) : null}
      <Box marginTop={1}>
        {props.state === "static" ? (
          <Text>{waiting}</Text>
        ) : (
          <Task title={TASK_TITLES[props.state] ?? waiting} state={TASK_STATES[props.state]} />
        )}
      </Box>
    </Box>
  );
}
