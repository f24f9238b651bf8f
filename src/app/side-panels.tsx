import { useContext, useMemo } from "preact/hooks";
import type { IdbJournal } from "../storage/journal-idb";
import { AssetsView } from "./assets/assets-view";
import { ReorderContext } from "./assets/reorder-services";
import { createJobTracker } from "./tracking/job-tracker";
import { documentVisibility, SubmittedJobs } from "./tracking/submitted-jobs";
import type { Connected, ImportWorkflow } from "./workflow/import-workflow";

interface SubmittedJobsProps {
  readonly connected: Connected;
  readonly workflow: ImportWorkflow;
  readonly journal: IdbJournal;
}

/** The account's submitted jobs, beside the import; its tracker lives as long as the view is open. */
export function SubmittedJobsPanel({ connected, workflow, journal }: SubmittedJobsProps) {
  const tracker = useMemo(() => {
    const client = workflow.vendorClient();
    return client
      ? createJobTracker({
          client,
          journal,
          connection: connected.connection.name,
          accountId: connected.account.id,
          ...documentVisibility(),
        })
      : undefined;
  }, [workflow, journal, connected.connection.name, connected.account.id]);
  // "Order these again" reads the reorder services the page provides.
  return tracker ? (
    <SubmittedJobs tracker={tracker} currency={connected.account.currency} locale={navigator.language} />
  ) : null;
}

/** The account's assets, to choose from for a reorder campaign sheet. */
export function AssetsPanel({ connected }: { readonly connected: Connected }) {
  const services = useContext(ReorderContext);
  const fetchedAt = connected.catalogue.state === "ready" ? connected.catalogue.fetchedAt : undefined;
  return services ? <AssetsView services={services} catalogueFetchedAt={fetchedAt} /> : null;
}
