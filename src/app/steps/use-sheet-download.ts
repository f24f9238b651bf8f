import { useState } from "preact/hooks";
import type { ResultFile } from "../../sheet/write/write-results";
import { saveFile } from "../save-file";

/** Why a sheet could not be given: in words for the user, and whether writing it in UTF-8 would do. */
export interface SheetDownloadProblem {
  readonly message: string;
  readonly canUtf8: boolean;
}

/**
 * Downloading a result or problem sheet written into the customer's file. A refusal is kept
 * to show; one the file's own encoding caused can be answered by asking again in UTF-8.
 */
export function useSheetDownload(make: (options: { readonly utf8: boolean }) => Promise<ResultFile>) {
  const [problem, setProblem] = useState<SheetDownloadProblem | undefined>();
  const download = async (utf8: boolean) => {
    try {
      const file = await make({ utf8 });
      if (file.ok) {
        setProblem(undefined);
        saveFile(file.bytes, file.fileName);
      } else setProblem({ message: file.message, canUtf8: file.reason === "unrepresentable" });
    } catch (error) {
      // What went wrong inside means nothing to the user; what to do does.
      console.error("Writing the sheet failed", error);
      setProblem({
        message: "The sheet could not be written just now. Try again; the results are kept in this browser.",
        canUtf8: false,
      });
    }
  };
  return { download, problem };
}
