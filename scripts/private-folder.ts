/**
 * The data folder and everything under it that holds secrets (generated keys, the embedded database, logs)
 * are readable by their owner only: folders 0700, files 0600, whatever the process's umask, and also when
 * they were made earlier with looser modes.
 */
import { chmodSync, mkdirSync } from "node:fs";

export const PRIVATE_FOLDER_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates the folder (and missing parents) if needed, and makes it private. */
export function privateFolder(folder: string): string {
  mkdirSync(folder, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  chmodSync(folder, PRIVATE_FOLDER_MODE);
  return folder;
}

/** Makes an existing file private. */
export function privateFile(file: string): string {
  chmodSync(file, PRIVATE_FILE_MODE);
  return file;
}
