// The two pages of the reference that are no operation, tag or object (`*.info.mdx`): the overview,
// from the spec's info and security schemes, and the Problem types page, from its catalogue.
import {STATUS_PHRASES as REASONS, type OpenApiNode} from '../../src/lib/openapi/index.ts';
import {markdownToMdx, plainSummary, yamlString} from './markdown.mts';
import {OVERVIEW_ID} from './operations.mts';
import {
  MAX_LISTED_OPERATIONS,
  PROBLEM_TYPES_ID,
  PROBLEM_TYPES_TITLE,
  guideTitle,
  operationCount,
  problemUsage,
  type ProblemCatalogue,
  type ProblemUse,
} from '../../src/lib/openapi/problem-types.ts';

/** The MDX of the overview page: the spec's info.description, its security schemes and contacts. */
export function overviewPage(spec: OpenApiNode): string {
  const {info} = spec;
  const schemes = Object.entries<OpenApiNode>(spec.components?.securitySchemes ?? {});
  const about = [];
  if (info.contact?.url) about.push(`- Contact: [${info.contact.name ?? info.contact.url}](${info.contact.url})`);
  if (info.contact?.email) about.push(`- Email: [${info.contact.email}](mailto:${info.contact.email})`);
  if (info.termsOfService) about.push(`- [Terms of service](${info.termsOfService})`);
  if (info.license) {
    about.push(`- License: ${info.license.url ? `[${info.license.name}](${info.license.url})` : info.license.name}`);
  }
  return `---
id: ${OVERVIEW_ID}
title: ${yamlString(info.title)}
description: ${yamlString(plainSummary(info.description, info.title))}
sidebar_label: Introduction
sidebar_position: 0
custom_edit_url: null
---

<span className="badge badge--secondary">Version: ${markdownToMdx(info.version)}</span>

${markdownToMdx(info.description ?? '')}

## Security schemes {#security-schemes}

${schemes
  .map(
    ([name, scheme]) =>
      `- **${name}** (${scheme.type}${scheme.scheme ? `, scheme \`${scheme.scheme}\`` : ''}): ${markdownToMdx(scheme.description ?? '')}`,
  )
  .join('\n')}
${about.length ? `\n## Contact and terms {#contact-and-terms}\n\n${about.join('\n')}\n` : ''}`;
}

/** What a section of the Problem types page says about the operations that return its type. */
function returnedByMdx(uses: ProblemUse[], total: number): string {
  if (!uses.length) return 'No operation shows it in an example yet.';
  if (uses.length === total) return 'Every operation.';
  if (uses.length > MAX_LISTED_OPERATIONS) {
    return `${uses.length} operations; each operation page shows it under **Responses**.`;
  }
  return uses
    .map(
      ({id, method, route, summary}) =>
        `[${markdownToMdx(summary)}](/docs/api/${id}) (\`${method.toUpperCase()} ${route}\`)`,
    )
    .join(', ');
}

/** The MDX of the Problem types page: one section per type of the catalogue, anchored by its slug. */
export function problemTypesPage(spec: OpenApiNode, catalogue: ProblemCatalogue): string {
  const usage = problemUsage(spec, catalogue);
  const total = operationCount(spec);
  const index = catalogue.types
    .map(({slug, status, title}) => `| ${status} | [\`${slug}\`](#${slug}) | ${markdownToMdx(title)} |`)
    .join('\n');
  const sections = catalogue.types.map((type) => {
    const lines = [
      `## ${markdownToMdx(type.title)} {#${type.slug}}`,
      `**Status:** \`${`${type.status} ${REASONS[type.status] ?? ''}`.trim()}\``,
      `**Type:** \`${type.uri}\``,
      `**Cause:** ${markdownToMdx(type.cause)}`,
      `**What to do:** ${markdownToMdx(type.fix)}`,
      `**Returned by:** ${returnedByMdx(usage.get(type.slug) ?? [], total)}`,
    ];
    if (type.guides.length) {
      lines.push(
        `**Guides:** ${type.guides.map((href) => `[${markdownToMdx(guideTitle(href))}](${href})`).join(', ')}`,
      );
    }
    return lines.join('\n\n');
  });
  return `---
id: ${PROBLEM_TYPES_ID}
title: ${yamlString(PROBLEM_TYPES_TITLE)}
description: ${yamlString('Every problem type of the API’s error responses: its status, what causes it and what to do.')}
sidebar_label: ${yamlString(PROBLEM_TYPES_TITLE)}
sidebar_position: 1
custom_edit_url: null
toc_max_heading_level: 2
---

Every error response of the API is an \`application/problem+json\` document (see
[Errors](/docs/api/${OVERVIEW_ID}#errors)). Its \`type\` is the address of one section of this page,
such as \`${catalogue.types[0]?.uri ?? `${catalogue.base}#<type>`}\`: branch on it, not on \`title\`
or \`detail\`. New types may appear; treat an unknown type by its HTTP status.

| Status | Type | Title |
| --- | --- | --- |
${index}

${sections.join('\n\n')}
`;
}
