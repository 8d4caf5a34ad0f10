// The small valid spec the generator's tests start from.
import type {OpenApiNode} from '../../src/lib/openapi/index.ts';
import type {SidebarItem} from './reference.mts';

/** A small valid spec; `patch` changes it for one test. */
export function miniSpec(patch: (spec: OpenApiNode) => OpenApiNode = (spec) => spec): OpenApiNode {
  const spec: OpenApiNode = {
    openapi: '3.1.0',
    info: {title: 'Mini API', version: '1.0.0', description: 'About `{braces}` and {braces}.'},
    servers: [{url: 'https://api.example.test/v1', description: 'Production'}],
    security: [{bearerAuth: []}],
    tags: [{name: 'Widgets', description: 'Widget things.'}],
    paths: {
      '/widgets/{widget_id}/': {
        parameters: [{name: 'widget_id', in: 'path', required: true, schema: {type: 'string', examples: ['w 1']}}],
        put: {
          operationId: 'widgets_update_s3',
          'x-roles': ['admin', 'editor'],
          summary: 'Update a widget',
          tags: ['Widgets'],
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {$ref: '#/components/schemas/Widget'},
                examples: {
                  Blue: {summary: 'A blue widget', value: {name: "Bob's", secret: 's', enabled: true, note: null}},
                },
              },
            },
          },
          responses: {
            200: {
              description: 'The widget.',
              content: {'application/json': {schema: {$ref: '#/components/schemas/Widget'}}},
            },
          },
        },
      },
    },
    components: {
      securitySchemes: {bearerAuth: {type: 'http', scheme: 'bearer'}},
      schemas: {
        Widget: {
          type: 'object',
          required: ['id', 'name', 'secret'],
          properties: {
            id: {type: 'string', format: 'uuid', readOnly: true},
            name: {type: 'string', minLength: 1, maxLength: 10},
            secret: {type: 'string', writeOnly: true},
            enabled: {type: 'boolean', default: false},
            colour: {type: 'string', enum: ['blue', 'red']},
            note: {type: ['string', 'null']},
          },
        },
      },
    },
  };
  return patch(spec);
}

/** The items of the generated sidebar.ts (a JSON array in a TypeScript module). */
export function sidebarItems(files: Map<string, string>): SidebarItem[] {
  const sidebar = files.get('sidebar.ts')!;
  return JSON.parse(sidebar.slice(sidebar.indexOf('= ') + 2, sidebar.indexOf('\n];') + 2));
}
