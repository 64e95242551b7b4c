import { Markdown } from '../../components/Markdown.tsx';
import { LoadError, Loading } from '../../components/QueryStatus.tsx';
import styles from './ArtifactPreview.module.css';
import type { Artifact } from './artifacts-api.ts';
import { CsvTable } from './CsvTable.tsx';
import type { PreviewKind } from './preview-kind.ts';
import { NotOfItsType, useArtifactObjectUrl, useArtifactText } from './use-artifact-file.ts';

interface PreviewProps {
  artifact: Artifact;
  url: string;
}

type TextKind = Extract<PreviewKind, 'markdown' | 'csv' | 'dashboard' | 'text'>;

function TextPreview({ artifact, url, kind }: PreviewProps & { kind: TextKind }) {
  const text = useArtifactText(artifact.id, url);
  if (text.isPending) return <Loading label={`Loading ${artifact.filename}…`} />;
  if (text.isError) return <LoadError error={text.error} onRetry={() => text.refetch()} />;
  switch (kind) {
    case 'markdown':
      return <Markdown text={text.data} />;
    case 'csv':
      return <CsvTable text={text.data} caption={artifact.filename} />;
    case 'dashboard':
      // No allow-scripts (and no allow-same-origin): the page's HTML and CSS render, nothing in it runs.
      return <iframe className={styles.frame} title={artifact.filename} sandbox="" srcDoc={text.data} />;
    case 'text':
      return (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus, so keys can scroll it
        <pre className={styles.text} tabIndex={0}>
          {text.data}
        </pre>
      );
  }
}

function PdfPreview({ artifact, url }: PreviewProps) {
  // The signed URL answers as an attachment (a frame would download it), so the bytes are shown from an object URL
  // typed application/pdf, and only when they begin as a PDF does. The frame is not sandboxed: Chromium refuses to
  // show a PDF in a sandboxed frame. The browser's PDF viewer draws it in its own origin; nothing in it reaches ours.
  const pdf = useArtifactObjectUrl(url, 'application/pdf', '%PDF-');
  if (pdf.error instanceof NotOfItsType) {
    return (
      <p role="alert" className="alert">
        {artifact.filename} is not a readable PDF. Download it to open it.
      </p>
    );
  }
  if (pdf.error) return <LoadError error={pdf.error} />;
  if (!pdf.objectUrl) return <Loading label={`Loading ${artifact.filename}…`} />;
  return <iframe className={styles.frame} title={artifact.filename} src={pdf.objectUrl} />;
}

/** The file shown inline, in the one way that cannot run anything it contains. */
export function ArtifactPreview({ artifact, url, kind }: PreviewProps & { kind: PreviewKind }) {
  if (kind === 'image') {
    return <img className={styles.image} src={url} alt={artifact.title ?? artifact.filename} />;
  }
  if (kind === 'pdf') return <PdfPreview artifact={artifact} url={url} />;
  return <TextPreview artifact={artifact} url={url} kind={kind} />;
}
