import type { VendorClient } from "../../api";
import { isStale } from "../../catalogue/catalogue-store";
import { catalogueCounts, loadCatalogue } from "../../catalogue/load-catalogue";
import { catalogueVocabulary, type CatalogueSnapshot } from "../../core/catalogue";
import type { MappingVocabulary } from "../../core/mapping/suggest-mapping";
import type { AccountProfile } from "../../core/vendor";
import type { ConnectionInfo } from "../proxy-connections";
import type { Store } from "../store";
import type { ConnectionChoice } from "./connection-choice";
import type { CatalogueStatus, Connected, ImportState, WorkflowDeps } from "./workflow-state";

/**
 * Connecting to an account of a connection `choice` listed: the account and the vendor's user it acts as, and the
 * account's catalogue, from IndexedDB while it is fresh and this account's, else loaded and kept. `onConnected` takes
 * the page on from there (a review to reopen, or the upload step).
 */
export function createConnectionActions(
  deps: WorkflowDeps,
  choice: Pick<ConnectionChoice, "store" | "accessKey">,
  now: () => Date,
  onConnected: (connected: Connected) => Promise<void>,
) {
  const store: Store<ImportState> = choice.store;
  let catalogue: Promise<CatalogueSnapshot | undefined> | undefined;

  const currentConnected = (): Connected | undefined => {
    const state = store.getState();
    return state.step === "connect" ? undefined : state.connected;
  };
  const client = (connection: ConnectionInfo): VendorClient => deps.clientFor(connection.name, choice.accessKey());
  const currentCatalogue = (): Promise<CatalogueSnapshot | undefined> => catalogue ?? Promise.resolve(undefined);

  /** Updates the catalogue shown in whatever step the page is in. */
  function showCatalogue(status: CatalogueStatus): void {
    const state = store.getState();
    if (state.step !== "connect")
      store.set({ ...state, connected: { ...state.connected, catalogue: status } } as ImportState);
  }

  /** The account's snapshot: from IndexedDB when fresh and this account's, else loaded and stored. */
  async function loadSnapshot(
    connection: ConnectionInfo,
    account: AccountProfile,
    force: boolean,
  ): Promise<CatalogueSnapshot | undefined> {
    const kept = await deps.catalogues().catch(() => undefined);
    const stored = force ? undefined : await kept?.get(connection.name, account.id).catch(() => undefined);
    let snapshot = stored && !isStale(stored, now()) ? stored : undefined;
    if (!snapshot) {
      showCatalogue({ state: "loading", progress: undefined });
      const loaded = await loadCatalogue(client(connection), connection.name, {
        now,
        onProgress: (progress) => showCatalogue({ state: "loading", progress }),
      });
      if (!loaded.ok) {
        showCatalogue({ state: "failed", message: loaded.message });
        return undefined;
      }
      snapshot = loaded.snapshot;
      await kept?.put(snapshot).catch(() => undefined);
    }
    showCatalogue({ state: "ready", fetchedAt: snapshot.fetchedAt, counts: catalogueCounts(snapshot) });
    return snapshot;
  }

  return {
    currentConnected,
    /** The proxy address of a connection, with the access key when one is needed. */
    address: (connected: Pick<Connected, "connection">) =>
      deps.proxyAddress(connected.connection.name, choice.accessKey()),
    /** The catalogue of the account connected (loading, or undefined when it could not be loaded). */
    catalogue: currentCatalogue,
    /** The catalogue's words the mapping matches headers against, once it is loaded. */
    async vocabulary(): Promise<MappingVocabulary | undefined> {
      const snapshot = await catalogue;
      return snapshot ? catalogueVocabulary(snapshot) : undefined;
    },

    /** The intents of the connect step and the catalogue beside the account. */
    actions: {
      /** The account's catalogue, for the grid's lists (delivery options, countries, a question's options). */
      catalogueSnapshot: currentCatalogue,

      /** The vendor client of the connection in use, for views beside the import (submitted jobs). */
      vendorClient: (): VendorClient | undefined => {
        const connected = currentConnected();
        return connected ? client(connected.connection) : undefined;
      },

      async connect(connection: ConnectionInfo): Promise<void> {
        const before = store.getState();
        if (before.step === "connect") store.set({ ...before, busy: true });
        const vendor = client(connection);
        const [account, user] = await Promise.all([vendor.getAccount(), vendor.getCurrentUser()]);
        if (!account.ok) {
          store.set({
            ...(before.step === "connect" ? before : { step: "connect" }),
            busy: false,
            error: `Could not open ${connection.name}: ${account.problem.title}`,
          });
          return;
        }
        const userName = user.ok ? (user.value.userName ?? undefined) : undefined;
        const connected: Connected = {
          connection,
          account: account.value,
          userName,
          catalogue: { state: "loading", progress: undefined },
        };
        catalogue = loadSnapshot(connection, account.value, false);
        await onConnected(connected);
      },

      /** Loads the catalogue again from the vendor, whatever its age. */
      async refreshCatalogue(): Promise<void> {
        const connected = currentConnected();
        if (!connected) return;
        catalogue = loadSnapshot(connected.connection, connected.account, true);
        await catalogue;
      },
    },
  };
}

export type ConnectionActions = ReturnType<typeof createConnectionActions>;
