import { transfer } from "comlink";
import type { ConnectionActions } from "./connection-actions";
import type { ReviewKeeper } from "./review-keeper";
import type { Store } from "../store";
import { SUBMIT_CONCURRENCY } from "./submission-runs";
import type { ImportState, WorkflowContext, WorkflowDeps } from "./workflow-state";

/**
 * What the workflow's parts share: the state, the dependencies, the connection in use, and the vendor's word on its
 * orders.
 */
export function createWorkflowContext(
  deps: WorkflowDeps,
  store: Store<ImportState>,
  now: () => Date,
  connection: Pick<ConnectionActions, "currentConnected" | "address" | "catalogue">,
  keeper: Pick<ReviewKeeper, "fileSha256">,
): WorkflowContext {
  const context: WorkflowContext = {
    deps,
    getState: store.getState,
    set: store.set,
    now,
    currentConnected: connection.currentConnected,
    address: connection.address,
    catalogue: connection.catalogue,
    fileSha256: () => {
      const connected = connection.currentConnected();
      return connected ? keeper.fileSha256(connected) : undefined;
    },
    async submitter(connected) {
      const submitter = await deps.submitter.get();
      const address = connection.address(connected);
      await submitter.connect(address.baseUrl, address.headers, deps.tabId);
      return submitter;
    },
    async lookUpOrders(connected, all) {
      const engine = await deps.engine.get();
      // The orders and their jobs go from the engine's worker to the submit worker: at thousands of orders, reading
      // them here was a task of the page's over 50 ms.
      const { port1, port2 } = new MessageChannel();
      const due = await engine.sendOrdersToLookUp(transfer(port1, [port1]), all);
      if (due.length === 0) {
        port2.close();
        return;
      }
      const found = await (await context.submitter(connected)).findExistingFrom(
        transfer(port2, [port2]),
        connected.connection.name,
        connected.account.id,
        SUBMIT_CONCURRENCY,
      );
      // An order that could not be looked up now is looked up again before the confirmation, and right before it is
      // sent.
      const lookedUp = due.filter((n) => !found.failed.has(n));
      const summary = await engine.recordOrdersAtVendor(lookedUp, found.found);
      const state = store.getState();
      if (state.step === "review")
        store.set({ ...state, review: { ...state.review, summary, revision: state.review.revision + 1 } });
    },
  };
  return context;
}
