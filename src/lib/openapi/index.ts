// The one way the site reads its OpenAPI document (generated/static/openapi.json). Everything here
// runs in the browser too; reading the file from disk is in ./load.ts (node only).
export type {Direction, OpenApiDocument, OpenApiNode} from './types';
export {deref, derefSchema, inlineRefs, resolve, resolvePointer} from './ref';
export {flatten, mergeAllOf} from './all-of';
export {hiddenMarker, isHidden, schemaForDirection, type DirectionOptions} from './direction';
export {apiPagePath, operationPagePath, pageId, tagPagePath} from './address';
export {exampleOf, namedExamples, type NamedExample} from './examples';
export {JSON_MEDIA_TYPES, SpecError, isJsonMedia, jsonMedia, requestMediaType} from './media';
export {HTTP_METHODS, operationsOf, serverOf, type HttpMethod, type OperationEntry} from './operations';
export {STATUS_PHRASES, statusLine, statusPhrase} from './status';
// Named, not `export *`: under tsx this file loads as CommonJS, whose star re-exports ES modules cannot see.
export {REQUEST_BUILDERS, SAMPLE_LANGUAGES, TOKEN_VARIABLE, codeSamples, fillPath, requestUrl} from './requests';
export {curlCommand, goRequest, nodeRequest, pythonRequest, isShellExpansion, pythonLiteral, shellQuote} from './requests';
export type {CallAddress, CodeSample, CurlOptions, Request, SampleLanguage} from './requests';
