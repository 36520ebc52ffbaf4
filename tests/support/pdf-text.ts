import { extractText, getDocumentProxy } from 'unpdf';

/** The text of every page of a PDF, joined: what a reader of the file would see. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(document, { mergePages: true });
  return text;
}

/** How many pages a PDF has. */
export async function pdfPageCount(bytes: Uint8Array): Promise<number> {
  return (await getDocumentProxy(new Uint8Array(bytes))).numPages;
}
