import type { Store } from "../store";
import type { ImportState, WorkflowDeps } from "./workflow-state";

/**
 * The connect step before an account is opened: the proxy's connections, behind the access key when the proxy asks for
 * one. Apart from connecting, so that the first screen needs no more code than this.
 */
export function createConnectionChoice(store: Store<ImportState>, fetchConnections: WorkflowDeps["fetchConnections"]) {
  let accessKey: string | undefined;
  return {
    store,
    /** The access key last given, for every call through the proxy. */
    accessKey: (): string | undefined => accessKey,

    async loadConnections(key?: string): Promise<void> {
      if (key !== undefined) accessKey = key;
      const result = await fetchConnections(accessKey);
      store.set(
        result.ok
          ? { step: "connect", connections: result.connections }
          : { step: "connect", error: result.message, needsAccessKey: result.needsAccessKey },
      );
    },
  };
}

export type ConnectionChoice = ReturnType<typeof createConnectionChoice>;
