// Replaces each ```mermaid block with an <img> of the SVG that scripts/render-diagrams.mts made
// before the build, so readers download a static image and no Mermaid runtime.
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import type {Root} from 'mdast';
import type {MdxJsxFlowElement} from 'mdast-util-mdx-jsx';
import type {Transformer} from 'unified';
import {visit} from 'unist-util-visit';
import {DIAGRAM_DIR, DIAGRAM_URL_PATH, diagramAlt, diagramId} from './diagrams.mts';

function svgSize(svg: string): {width: number; height: number} | null {
  const viewBox = svg.match(/viewBox="[\d.-]+ [\d.-]+ ([\d.]+) ([\d.]+)"/);
  return viewBox ? {width: Math.round(Number(viewBox[1])), height: Math.round(Number(viewBox[2]))} : null;
}

export interface RemarkMermaidOptions {
  /** The site's base URL, which the image addresses start with. */
  baseUrl?: string;
}

export default function remarkMermaidImages({baseUrl = '/'}: RemarkMermaidOptions = {}): Transformer<Root> {
  return (tree, file) => {
    visit(tree, 'code', (node, index, parent) => {
      if (node.lang !== 'mermaid' || !parent || index === undefined) return;
      const id = diagramId(node.value);
      const svgFile = path.join(DIAGRAM_DIR, `${id}.svg`);
      const where = `${file.path}:${node.position?.start.line}`;
      if (!existsSync(svgFile)) {
        throw new Error(`${where}: the diagram is not rendered. Run "npm run diagrams" (npm run build does).`);
      }
      const alt = diagramAlt(node.value);
      if (!alt) throw new Error(`${where}: a diagram needs a text alternative (accTitle: and accDescr: lines).`);
      const size = svgSize(readFileSync(svgFile, 'utf8'));
      const attributes = {
        src: `${baseUrl}${DIAGRAM_URL_PATH}/${id}.svg`,
        alt,
        className: 'diagram',
        loading: 'lazy',
        ...size,
      };
      const image: MdxJsxFlowElement = {
        type: 'mdxJsxFlowElement',
        name: 'img',
        attributes: Object.entries(attributes).map(([name, value]) => ({
          type: 'mdxJsxAttribute',
          name,
          value: String(value),
        })),
        children: [],
      };
      parent.children[index] = image;
    });
  };
}
