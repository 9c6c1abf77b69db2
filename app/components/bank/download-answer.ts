/**
 * Saves a file answer in the browser: its bytes under the name its Content-Disposition gives
 * (the server makes it ASCII: api/services/exchange/export/export-file.ts), through a
 * temporary link, so the page stays where it is.
 */
export async function downloadAnswer(res: Response): Promise<{ fileName: string }> {
  const fileName = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? "questions";
  const url = URL.createObjectURL(await res.blob());
  try {
    const link = document.createElement("a");
    link.href = url;
    link.download = fileName;
    link.rel = "noopener";
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // After the click has handed the file to the browser's download.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
  return { fileName };
}
