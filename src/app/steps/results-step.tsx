import { useState } from "preact/hooks";
import type { RowResult } from "../../core/results";

interface Props {
  readonly fileName: string;
  readonly results: readonly RowResult[];
  readonly makeFile: () => Promise<Uint8Array>;
  readonly onStartOver: () => void;
}

function resultFileName(fileName: string): string {
  return `${fileName.replace(/\.[^.]+$/, "")} - results.csv`;
}

export function ResultsStep({ fileName, results, makeFile, onStartOver }: Props) {
  const [error, setError] = useState<string | undefined>();
  const created = new Set(results.filter((r) => r.outcome === "created").map((r) => r.jobNumber));
  const download = async () => {
    try {
      const bytes = await makeFile();
      const url = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: "text/csv;charset=utf-8" }));
      const link = document.createElement("a");
      link.href = url;
      link.download = resultFileName(fileName);
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (e) {
      setError(`The result sheet could not be written: ${(e as Error).message}`);
    }
  };
  return (
    <section>
      <h2>Results</h2>
      <p data-testid="results-summary">
        {created.size} {created.size === 1 ? "job" : "jobs"} created from {results.filter((r) => r.outcome === "created").length} rows;{" "}
        {results.filter((r) => r.outcome !== "created").length} rows not created.
      </p>
      {error && <p role="alert" class="error">{error}</p>}
      <div class="actions">
        <button type="button" onClick={download}>
          Download result sheet
        </button>{" "}
        <button type="button" class="secondary" onClick={onStartOver}>
          Import another sheet
        </button>
      </div>
      <table>
        <thead>
          <tr>
            <th>Row</th>
            <th>Result</th>
            <th>Job number</th>
            <th>New asset tag</th>
            <th>Messages</th>
          </tr>
        </thead>
        <tbody>
          {results.map((result) => (
            <tr key={result.rowNumber} data-testid={`result-${result.rowNumber}`}>
              <td>{result.rowNumber}</td>
              <td>{result.outcome}</td>
              <td>{result.jobNumber ?? ""}</td>
              <td>{result.newAssetSku ?? ""}</td>
              <td>{result.messages.join(" ")}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
