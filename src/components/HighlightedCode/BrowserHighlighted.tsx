import type {ComponentType} from 'react';
import {Prism} from 'prism-react-renderer';
import prismIncludeLanguages from '@theme/prism-include-languages';
import CodeBlockContent from '@theme-original/CodeBlock/Content';
import type {Props} from '@theme/CodeBlock/Content';

// The theme's highlighter for the rare block without build-time markup. plugins/code-highlight
// keeps the theme's Prism set-up out of the main bundle, so this chunk adds the configured
// languages (themeConfig.prism.additionalLanguages) itself.
prismIncludeLanguages(Prism as unknown as Parameters<typeof prismIncludeLanguages>[0]);

export default CodeBlockContent as ComponentType<Props>;
