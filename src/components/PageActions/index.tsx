import {useEffect, useRef, useState, type ReactNode} from 'react';
import Head from '@docusaurus/Head';
import {useLocation} from '@docusaurus/router';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {markdownPath} from '@site/src/lib/markdownAddress';
import {copyErrorMessage, copyMarkdown} from './copy';
import styles from './styles.module.css';

/** Site path of the current page's Markdown version (see plugins/llms-txt). */
export function useMarkdownPath(): string {
  const {pathname} = useLocation();
  const {siteConfig} = useDocusaurusContext();
  return markdownPath(pathname, siteConfig.baseUrl);
}

/** `<link rel="alternate" type="text/markdown">` to the current page's Markdown version. */
export function MarkdownAlternateLink(): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const href = `${siteConfig.url}${useMarkdownPath()}`;
  return (
    <Head>
      <link rel="alternate" type="text/markdown" href={href} />
    </Head>
  );
}

type Status = {state: 'idle'} | {state: 'copying'} | {state: 'copied'} | {state: 'failed'; message: string};

/** The address of the docs' MCP server (mcp/, served by nginx at <base URL>mcp). */
export function useMcpAddress(): string {
  const {siteConfig} = useDocusaurusContext();
  return `${siteConfig.url}${siteConfig.baseUrl}mcp`;
}

const COPIED_FOR_MS = 2500;

/** "Copy page", "View as Markdown" and "Copy MCP address" for the current page. */
export default function PageActions(): ReactNode {
  const address = useMarkdownPath();
  const mcpAddress = useMcpAddress();
  const [status, setStatus] = useState<Status>({state: 'idle'});
  const [mcpStatus, setMcpStatus] = useState<Status>({state: 'idle'});
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const mcpTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      clearTimeout(mcpTimer.current);
    },
    [],
  );

  async function copyMcp() {
    clearTimeout(mcpTimer.current);
    try {
      if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
      await navigator.clipboard.writeText(mcpAddress);
      setMcpStatus({state: 'copied'});
      mcpTimer.current = setTimeout(() => setMcpStatus({state: 'idle'}), COPIED_FOR_MS);
    } catch {
      // The address is short: the reader can copy it from the message by hand.
      setMcpStatus({
        state: 'failed',
        message: `Could not copy: the browser did not allow access to the clipboard. The MCP address is ${mcpAddress}`,
      });
    }
  }

  async function copy() {
    clearTimeout(timer.current);
    setStatus({state: 'copying'});
    try {
      await copyMarkdown(address);
      setStatus({state: 'copied'});
      timer.current = setTimeout(() => setStatus({state: 'idle'}), COPIED_FOR_MS);
    } catch (error) {
      setStatus({state: 'failed', message: copyErrorMessage(error)});
    }
  }

  return (
    // data-markdown-skip: the Markdown export leaves these controls out of the page's text.
    <div className={styles.actions} data-markdown-skip="">
      <MarkdownAlternateLink />
      <button
        type="button"
        className="button button--secondary button--sm"
        onClick={copy}
        disabled={status.state === 'copying'}
        aria-describedby={status.state === 'failed' ? 'page-actions-error' : undefined}
      >
        {status.state === 'copied' ? 'Copied' : 'Copy page'}
      </button>
      <a className="button button--secondary button--sm" href={address} type="text/markdown">
        View as Markdown
      </a>
      <button
        type="button"
        className="button button--secondary button--sm"
        onClick={copyMcp}
        title={`Copies ${mcpAddress}, the address of these docs' MCP server for AI tools`}
        aria-describedby={mcpStatus.state === 'failed' ? 'page-actions-mcp-error' : undefined}
      >
        {mcpStatus.state === 'copied' ? 'MCP address copied' : 'Copy MCP address'}
      </button>
      <span className={styles.visuallyHidden} role="status">
        {status.state === 'copied' ? 'The page is copied to the clipboard as Markdown.' : ''}
        {mcpStatus.state === 'copied' ? `The MCP address ${mcpAddress} is copied to the clipboard.` : ''}
      </span>
      {status.state === 'failed' ? (
        <p id="page-actions-error" className={styles.error} role="alert">
          {status.message}
        </p>
      ) : null}
      {mcpStatus.state === 'failed' ? (
        <p id="page-actions-mcp-error" className={styles.error} role="alert">
          {mcpStatus.message}
        </p>
      ) : null}
    </div>
  );
}
