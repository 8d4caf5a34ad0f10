/** One field of a record format, as stored in a JSON file next to the page. */
export interface FieldSpec {
  name: string;
  type: 'string' | 'integer' | 'number' | 'boolean';
  format?: string;
  nullable: boolean;
  enum?: (string | number)[];
  description: string;
  example: string | number | boolean | null;
}

const TYPES = new Set(['string', 'integer', 'number', 'boolean']);

/**
 * Checks the shape of field data read from JSON and returns it typed. Any problem throws, so a
 * mistake in the data file fails the build instead of rendering a wrong row.
 */
export function parseFields(data: unknown): FieldSpec[] {
  if (!Array.isArray(data) || data.length === 0) {
    throw new Error('FieldTable: data must be a non-empty array of fields.');
  }
  const allowed = new Set(['name', 'type', 'format', 'nullable', 'enum', 'description', 'example']);
  const names = new Set<string>();
  return data.map((item: unknown, index) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      throw new Error(`FieldTable: item ${index} must be an object.`);
    }
    const field = item as Record<string, unknown>;
    const label = typeof field.name === 'string' ? field.name : `item ${index}`;
    for (const key of Object.keys(field)) {
      if (!allowed.has(key)) throw new Error(`FieldTable: "${label}" has an unknown key "${key}".`);
    }
    if (typeof field.name !== 'string' || !/^[a-z][a-z0-9_]*$/.test(field.name)) {
      throw new Error(`FieldTable: ${label} needs a snake_case "name".`);
    }
    if (names.has(field.name)) throw new Error(`FieldTable: "${field.name}" appears twice.`);
    names.add(field.name);
    if (typeof field.type !== 'string' || !TYPES.has(field.type)) {
      throw new Error(`FieldTable: "${label}.type" must be one of ${[...TYPES].join(', ')}.`);
    }
    if (typeof field.nullable !== 'boolean') throw new Error(`FieldTable: "${label}.nullable" must be a boolean.`);
    if (typeof field.description !== 'string' || field.description.trim() === '') {
      throw new Error(`FieldTable: "${label}.description" must be a non-empty string.`);
    }
    if (field.format !== undefined && typeof field.format !== 'string') {
      throw new Error(`FieldTable: "${label}.format" must be a string.`);
    }
    if (field.enum !== undefined && (!Array.isArray(field.enum) || field.enum.length === 0)) {
      throw new Error(`FieldTable: "${label}.enum" must be a non-empty array.`);
    }
    if (!('example' in field) || (field.example === null && !field.nullable)) {
      throw new Error(`FieldTable: "${label}" needs an example value.`);
    }
    return field as unknown as FieldSpec;
  });
}
