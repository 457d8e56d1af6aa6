/** Every check folder below `root` (default: the core's), as `group/name`, sorted. */
export function checkFolders(root?: string): string[];
/** The registry's source for `folders`. */
export function registrySource(folders: readonly string[]): string;
