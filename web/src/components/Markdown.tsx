import type { ComponentProps } from 'react';
import ReactMarkdown from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import './markdown.css';

const remarkPlugins = [remarkGfm];
// Model output is untrusted: raw HTML is dropped and URLs are cleaned before anything reaches the DOM.
const rehypePlugins = [rehypeSanitize];

/** Links leave the app in a new tab, so an open conversation (and its live run) stays put. */
function ExternalLink(props: ComponentProps<'a'>) {
  return <a {...props} target="_blank" rel="noopener noreferrer" />;
}

const components = { a: ExternalLink };

/** Markdown (with GitHub's tables, task lists and strikethrough) rendered sanitised. */
export function Markdown({ text }: { text: string }) {
  return (
    <div className="markdown">
      <ReactMarkdown remarkPlugins={remarkPlugins} rehypePlugins={rehypePlugins} components={components}>
        {text}
      </ReactMarkdown>
    </div>
  );
}
