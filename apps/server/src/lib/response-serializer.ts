import { isDeepStrictEqual } from 'node:util';
import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Serialize = (data: unknown) => string;

/** One compiled serializer per response schema, shared by every app in the process (tests build many). */
const compiled = new WeakMap<z.ZodType, Serialize>();

/** A route's response schema: a zod type, or `{ properties: zodType }` (fastify-type-provider-zod's shape). */
function zodSchemaOf(schema: unknown): z.ZodType {
  if (schema instanceof z.ZodType) return schema;
  if (typeof schema === 'object' && schema !== null && 'properties' in schema && schema.properties instanceof z.ZodType) {
    return schema.properties;
  }
  throw new Error(`A response schema must be a zod type: ${JSON.stringify(schema)}`);
}

/**
 * fast-json-stringify compiled from the zod schema's JSON Schema (its output side, the one the
 * OpenAPI document shows): properties the schema does not name are left out, as zod's parse
 * would. A type JSON Schema cannot express is written with JSON.stringify.
 */
export function compiledSerializerOf(schema: z.ZodType): Serialize {
  let serialize = compiled.get(schema);
  if (!serialize) {
    const jsonSchema = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' });
    serialize = fastJsonStringify(jsonSchema as Parameters<typeof fastJsonStringify>[0]);
    compiled.set(schema, serialize);
  }
  return serialize;
}

/**
 * Response serializers. In production an answer is written by the serializer compiled from its
 * route's response schema, without validating it first (fastify-type-provider-zod's own
 * serializer validated every answer with zod before JSON.stringify: a tenth of the CPU of a
 * cached catalog read). With `checked` (tests and development) every answer is also validated
 * with zod, a mismatch is a 500 as before, and the compiled serializer's output must be the
 * same JSON as zod's: so the whole test suite proves the compiled serializers write what the
 * schemas say.
 */
export function responseSerializerCompiler({ checked }: { checked: boolean }): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url }) => {
    const zodSchema = zodSchemaOf(schema);
    const serialize = compiledSerializerOf(zodSchema);
    if (!checked) return serialize;
    return (data: unknown) => {
      const result = z.safeEncode(zodSchema, data);
      if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
      const fast = serialize(data);
      const reference = JSON.stringify(result.data);
      if (!isDeepStrictEqual(JSON.parse(fast), reference === undefined ? undefined : JSON.parse(reference))) {
        throw new Error(`${method} ${url}: the compiled serializer wrote ${fast}, zod ${reference}`);
      }
      return fast;
    };
  };
}
