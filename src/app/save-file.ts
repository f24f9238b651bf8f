/** Offers bytes to the user as a download, the browser's way. */
export function saveFile(bytes: Uint8Array, fileName: string): void {
  const type = fileName.endsWith(".xlsx")
    ? "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    : fileName.endsWith(".jsonl")
      ? "application/jsonl"
      : "text/csv";
  const url = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
