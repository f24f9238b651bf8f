import type { ComponentChildren } from "preact";
import { databaseOutdated } from "./database-outdated";
import { useStore } from "./use-store";

interface Props {
  /** Beside the title: what the connected account offers (its catalogue, submitted jobs, assets). */
  readonly tools?: ComponentChildren;
  readonly children?: ComponentChildren;
}

/** The page around every step: its title, the tools beside it, and the notice when another tab has taken over. */
export function PageFrame({ tools, children }: Props) {
  const outdated = useStore(databaseOutdated);
  return (
    <main>
      <header class="top">
        <h1>Bulk order importer</h1>
        {tools}
      </header>
      {outdated && (
        <p class="notice" role="alert">
          A newer version of the importer was opened in another tab, so this page can no longer keep your work.{" "}
          <button type="button" class="small" onClick={() => location.reload()}>
            Reload this page
          </button>
        </p>
      )}
      {children}
    </main>
  );
}
