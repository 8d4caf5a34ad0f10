import type {ReactNode} from 'react';
import type {Segment} from '../engine/snippet';

/** A snippet as text with the matched words in <mark>: never parsed as HTML. */
export default function Snippet({segments}: {segments: Segment[]}): ReactNode {
  return segments.map((segment, position) =>
    segment.mark ? <mark key={position}>{segment.text}</mark> : <span key={position}>{segment.text}</span>,
  );
}
